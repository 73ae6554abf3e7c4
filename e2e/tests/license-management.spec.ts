import { expect, test } from '@playwright/test';
import { pickDate, selectOption, tableRow, toast } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test('license management: a transporter registers a permit with its PDF and sees it listed; fits 390 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A license number no other run uses.
  const licenseNumber = `40130${String(Date.now()).slice(-6)}`;

  await signIn(page, DEMO.transporter, { path: 'license-management' });
  const list = page.getByTestId('license-management');
  // The demo's 大阪府 permit expires within 30 days.
  await expect(tableRow(list, '02700098765')).toContainText('30日以内に期限');

  await page.getByTestId('permit-new').click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog.getByLabel('行政区分'), '福岡市', { search: '福岡' });
  await dialog.getByLabel('許可番号').fill(licenseNumber);
  await selectOption(page, dialog.getByLabel('許可の種類'), '収集運搬業');
  await pickDate(dialog.getByLabel('許可年月日'), '2025/04/01');
  await pickDate(dialog.getByLabel('有効期限'), '2025/03/31');
  await dialog.getByText('あり', { exact: true }).click();
  await dialog.getByLabel('積替え保管場所').fill('福岡市東区箱崎ふ頭1-1');
  // A multiple select stays open after a choice: pick, then close it.
  const kinds = dialog.getByLabel('廃棄物の種類');
  await kinds.click();
  await kinds.fill('廃プラ');
  await page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator('[id="wasteKindIds_list"]') })
    .locator('.ant-select-item-option')
    .filter({ hasText: /^廃プラスチック類$/ })
    .click();
  await kinds.press('Escape');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: '廃プラスチック類' })).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '許可証.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('許可証.pdf')).toBeVisible();

  // A date outside the permit range (1970 to ten years on) is not offered by the calendar; typed in, it stays as
  // typed and is refused beside its field, never dropped for the old date without a word.
  const issueDate = dialog.getByLabel('許可年月日');
  await pickDate(issueDate, '1960/04/01');
  await issueDate.press('Tab');
  await expect(issueDate).toHaveValue('1960/04/01');
  await page.getByTestId('permit-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText([
    '1970年1月1日以降の日付を入力してください。',
  ]);
  await expect(issueDate).toHaveValue('1960/04/01');
  await pickDate(issueDate, '2025/04/01');

  // An expiry before the issue date is flagged next to its field, and nothing is sent.
  await page.getByTestId('permit-submit').click();
  await expect(dialog.getByText('有効期限は許可年月日より後の日付を入力してください。')).toBeVisible();
  // Enter in the date field chooses the date and never sends the dialog: the button does.
  await pickDate(dialog.getByLabel('有効期限'), '2030/03/31');
  await expect(dialog).toBeVisible();
  await page.getByTestId('permit-submit').click();
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('permit-search').locator('input').fill(licenseNumber);
  await page.getByTestId('permit-search').locator('input').press('Enter');
  const row = tableRow(list, licenseNumber);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('福岡市');
  await expect(row).toContainText('有効');
  await expect(row).toContainText('廃プラスチック類');
  await expect(row).toContainText('2030/03/31');
  await expect(row.getByRole('button', { name: /PDF/ })).toBeEnabled();

  // In English the edit dialog's file hint is English throughout, the PDF kept named in it.
  await page.getByTestId('language-select').getByText('English').click();
  await row.locator('[data-testid^=permit-edit-]').click();
  const editDialog = page.getByRole('dialog', { name: 'Edit the permit' });
  await expect(
    editDialog.getByText(
      'One PDF (up to 10 MB). Leave empty to keep the PDF already registered (許可証.pdf)',
      { exact: true },
    ),
  ).toBeVisible();
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDialog).toBeHidden();
  await page.getByTestId('language-select').getByText('日本語').click();

  // The home page lists the permits expiring within 90 days.
  await page.goto('home');
  await expect(page.getByTestId('home-expiring-permits')).toContainText('02700098765');

  // At 390 px the page fits the screen (the table scrolls inside itself).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('license-management');
  await expect(tableRow(page.getByTestId('license-management'), '02700098765')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('permit-new')).toBeInViewport();
});
