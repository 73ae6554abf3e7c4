import { expect, type Page, test } from '@playwright/test';
import { tableRow, tableRows, toast } from '../support/antd';
import { DEMO, uniqueEmail } from '../support/app';
import { signIn } from '../support/auth';
import { findLink, waitForMail } from '../support/mail';
import { DISCHARGER_NAME } from '../support/manifests';

/** Master pages need an operator chosen first (the admin keeps its master keys while acting). */
async function signInAsActingAdmin(page: Page) {
  await signIn(page, DEMO.admin, { actingFor: { type: '排出事業者', companyName: DISCHARGER_NAME } });
  await expect(page).toHaveURL(/\/sys\/home$/);
}

test('an admin registers a disposal site, which gets the next code', async ({ page }) => {
  const name = `E2E処分場 ${Date.now()}`;
  await signInAsActingAdmin(page);
  await page.getByTestId('side-menu').getByText('処分場マスタ', { exact: true }).click();
  await expect(page).toHaveURL(/\/sys\/disposal-site-master$/);

  await page.getByTestId('disposal-site-new').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('disposal-site-code')).toHaveText(/^\d{5}$/);
  const code = (await dialog.getByTestId('disposal-site-code').textContent()) ?? '';
  // A malformed subscriber number is flagged next to its field.
  await dialog.locator('#subscriberNumber').fill('AB1');
  await dialog.locator('#name').fill(name);
  await dialog.locator('#name').press('Enter');
  await expect(dialog.getByText('登録番号は半角英数字7文字で入力してください。')).toBeVisible();
  await dialog.locator('#subscriberNumber').fill('AB12345');
  await dialog.locator('#city').fill('江東区');
  await dialog.locator('#name').press('Enter');
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('disposal-site-search').locator('input').fill(name);
  await page.getByTestId('disposal-site-search').locator('input').press('Enter');
  const row = tableRow(page.getByTestId('disposal-site-master'), name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code);
  await expect(row).toContainText('江東区');
});

test('an admin registers a transporter account, finds it by keyword, and the user gets a password link', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-trans');
  const company = `E2E運搬${String(Date.now()).slice(-6)}`;
  await signInAsActingAdmin(page);
  await page.getByTestId('side-menu').getByText('アカウントマスタ', { exact: true }).click();
  await expect(page).toHaveURL(/\/sys\/account-master$/);
  await page.getByTestId('account-master-register-transport').click();
  await expect(page).toHaveURL(/\/sys\/account-master\/trans\/register$/);

  const form = page.getByTestId('account-master-edit');
  await form.locator('#email').fill(email);
  await form.locator('#accountName').fill('運搬担当');
  await form.locator('#companyName').fill(company);
  await form.locator('#contractPic').fill('契約太郎');
  await form.locator('#companyPostalCode').fill('1040061');
  await form.locator('#companyAddress').fill('東京都中央区銀座1-1-1');
  await form.locator('#companyTelephone').fill('0312345678');
  await form.locator('#companyTelephone').blur();
  await form.locator('#companyEmail').fill('info@e2e-trans.example.com');
  const since = Date.now();
  await form.getByTestId('account-info-submit').click();

  await expect(
    toast(page, 'アカウントを登録しました。パスワード設定のご案内をメールで送信しました。').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sys\/account-master\?keyWord=/);

  // Search by company name from an empty list state.
  const search = page.getByTestId('account-master-search').locator('input');
  await search.fill(company);
  await search.press('Enter');
  const rows = tableRows(page.getByTestId('account-master'));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText('収集運搬・処分業者');
  await expect(rows.first()).toContainText('有効');
  await expect(rows.first()).toContainText('未ログイン');

  // The update page opens from the list, filled in.
  await rows.first().getByTestId('account-master-link').click();
  await expect(page).toHaveURL(/\/sys\/account-master\/trans\/update\/\d+$/);
  await expect(page.locator('#companyName')).toHaveValue(company);
  await expect(page.locator('#companyTelephone')).toHaveValue('03-1234-5678');

  const mail = await waitForMail(email, 10_000, since);
  expect(findLink(mail, 'http')).toContain('/sys/reset-pass?token=');
});
