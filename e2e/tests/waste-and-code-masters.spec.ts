import { expect, type Page, test } from '@playwright/test';
import { tableRow, tableRows, toast } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { TRANSPORTER_NAME } from '../support/manifests';

/** Master pages need an operator chosen first (the admin keeps its master keys while acting). */
async function signInAsActingAdmin(page: Page) {
  await signIn(page, DEMO.admin, {
    actingFor: { type: '収集運搬・処分業者', companyName: TRANSPORTER_NAME },
  });
  await expect(page).toHaveURL(/\/sys\/home$/);
}

const wasteRow = (page: Page, name: string) => tableRow(page.getByTestId('waste-tree'), name);

/** Fills the open waste form and saves it with Enter; waits until the modal has closed. */
async function fillWasteForm(page: Page, code: string, name: string, tPerM3?: string) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('#wasteCode').fill(code);
  await dialog.locator('#name').fill(name);
  if (tPerM3) await dialog.locator('#tPerM3').fill(tPerM3);
  // The code is checked with the server while typing: a free code shows no message.
  await expect(dialog.getByText('このコードは既に使用されています。')).toHaveCount(0);
  await dialog.locator('#name').press('Enter');
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin registers a waste classification down to the minor level, a unit and a packing style', async ({
  page,
}) => {
  // Three master screens, five saves: longer than the default on a loaded machine.
  test.setTimeout(60_000);
  const stamp = String(Date.now()).slice(-6);
  await signInAsActingAdmin(page);

  // Waste master: the seeded tree shows, a taken code is flagged next to the field.
  await page.getByTestId('side-menu').getByText('廃棄物マスタ', { exact: true }).click();
  await expect(page).toHaveURL(/\/sys\/waste-master$/);
  await expect(wasteRow(page, '廃プラスチック類').first()).toBeVisible();

  await page.getByRole('button', { name: '大分類を登録' }).click();
  await expect(page.getByRole('dialog').getByText('大分類の登録')).toBeVisible();
  await page.getByRole('dialog').locator('#wasteCode').fill('0100000');
  await expect(page.getByRole('dialog').getByText('このコードは既に使用されています。')).toBeVisible();
  await fillWasteForm(page, `E${stamp}`, `E2E大分類${stamp}`, '0.75');

  const major = wasteRow(page, `E2E大分類${stamp}`);
  await expect(major).toContainText('0.75');
  await major.getByRole('button', { name: /^下位分類を登録/ }).click();
  await expect(page.getByRole('dialog').getByText('中分類の登録')).toBeVisible();
  await fillWasteForm(page, `F${stamp}`, `E2E中分類${stamp}`);

  // The new middle class shows under its (now expanded) major class.
  const middle = wasteRow(page, `E2E中分類${stamp}`);
  await expect(middle).toContainText('中分類');
  await middle.getByRole('button', { name: /^下位分類を登録/ }).click();
  await expect(page.getByRole('dialog').getByText('小分類の登録')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(`E2E大分類${stamp} › E2E中分類${stamp}`);
  await fillWasteForm(page, `G${stamp}`, `E2E小分類${stamp}`);

  const minor = wasteRow(page, `E2E小分類${stamp}`);
  await expect(minor).toContainText('小分類');
  await expect(minor).toContainText(`G${stamp}`);
  // Nothing goes below a minor class.
  await expect(minor.getByRole('button', { name: /^下位分類を登録/ })).toHaveCount(0);

  // The search finds it with its ancestors.
  await page.getByRole('searchbox').fill(`E2E小分類${stamp}`);
  await page.getByRole('searchbox').press('Enter');
  const results = page.getByTestId('waste-search-results');
  await expect(tableRows(results)).toHaveCount(1);
  await expect(results).toContainText(`E2E大分類${stamp} › E2E中分類${stamp}`);

  // Unit of measure master: the next code is shown, the new unit is listed.
  await page.getByTestId('side-menu').getByText('単位マスタ', { exact: true }).click();
  const units = page.getByTestId('code-master-unitMeasure');
  await expect(tableRow(units, '台')).toContainText('個数単位');
  await units.getByRole('button', { name: '新規登録' }).click();
  const unitDialog = page.getByRole('dialog');
  await expect(unitDialog.getByTestId('code-master-code')).toHaveText(/^\d{3}$/);
  await unitDialog.locator('#name').fill(`箱${stamp.slice(-4)}`);
  await unitDialog.getByText('個数単位', { exact: true }).click();
  await unitDialog.locator('#name').press('Enter');
  await expect(unitDialog).toBeHidden();
  const unitRow = tableRow(units, `箱${stamp.slice(-4)}`);
  await expect(unitRow).toContainText('個数単位');

  // Packing style master.
  await page.getByTestId('side-menu').getByText('荷姿マスタ', { exact: true }).click();
  const styles = page.getByTestId('code-master-packingStyle');
  await expect(tableRow(styles, 'フレコンバッグ')).toHaveCount(1);
  await styles.getByRole('button', { name: '新規登録' }).click();
  await page.getByRole('dialog').locator('#name').fill(`E2E荷姿${stamp}`);
  await page.getByRole('dialog').getByTestId('code-master-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(tableRow(styles, `E2E荷姿${stamp}`)).toHaveCount(1);
});
