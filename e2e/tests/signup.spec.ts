import { expect, test } from '@playwright/test';
import {
  expectLoginPage,
  logout,
  projectRows,
  signInWithForm,
  submitLogin,
  uniqueEmail,
} from '../support/app';
import { APP_ORIGIN } from '../support/env';
import { findLink, waitForMessage } from '../support/mail';

test('sign-up: activation mail, registration with postal lookup, then sign out and in again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('signup');
  const password = 'Signup123';

  await page.goto('account-creation');
  await expect(page.getByTestId('edi-note')).toBeVisible();
  await expect(page.getByTestId('quote-banner')).toHaveCount(0);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#confirmPassword').fill(password);
  const since = Date.now();
  await page.locator('button[type=submit]').click();

  await expectLoginPage(page);
  await expect(page.getByText('確認メールを送信しました。', { exact: false })).toBeVisible();

  // The activation mail came over SMTP.
  const mail = await waitForMessage(email, { since });
  expect(mail.subject).toContain('アカウント登録');
  const link = findLink(mail.text, `${APP_ORIGIN}/sys/user-registration?`);
  expect(new URL(link).searchParams.get('token')).toBeTruthy();

  // Until registered, the account cannot sign in.
  await submitLogin(page, email, password);
  await expect(page.getByTestId('login-error')).toBeVisible();

  await page.goto(link);
  await expect(page.locator('#accountName')).toBeVisible();

  await page.locator('#accountName').fill('E2E 担当');
  await page.locator('#companyName').fill('株式会社E2Eテスト');
  await page.locator('#contractPic').fill('試験 太郎');
  await page.locator('#companyPostalCode').fill('1040061');
  await expect(page.locator('#companyPostalCode')).toHaveValue('104-0061');
  await page.getByTestId('postal-lookup').first().click();
  await expect(page.locator('#companyAddress')).toHaveValue('東京都中央区銀座');
  await page.locator('#companyAddress').fill('東京都中央区銀座1-2-3');
  await page.locator('#companyTelephone').fill('0312345678');
  await page.locator('#companyTelephone').blur();
  await expect(page.locator('#companyTelephone')).toHaveValue('03-1234-5678');
  await page.locator('#companyEmail').fill(email);

  await page.getByTestId('add-office').click();
  await page.locator('#offices_0_officeName').fill('E2E 本社');
  await page.locator('#offices_0_officePostalCode').fill('104-0061');
  await page.locator('#offices_0_officeAddress').fill('東京都中央区銀座1-2-3');
  await page.locator('#offices_0_officeTelephone').fill('0312345678');
  await page.locator('#offices_0_officeTelephone').blur();
  await page.locator('#offices_0_officeEmail').fill(email);

  await page.getByTestId('add-discharge-site').click();
  await page.locator('#wastes_0_dischargeSitename').fill('E2E 梅田店');
  await page.locator('#wastes_0_wasteStaff').fill('現場 花子');
  await page.locator('#wastes_0_wastePostalCode').fill('5300001');
  // Company, office, discharge site: the site's lookup is the third.
  await page.getByTestId('postal-lookup').nth(2).click();
  await expect(page.locator('#wastes_0_wasteAddress')).toHaveValue('大阪府大阪市北区');
  await expect(page.locator('#wastes_0_wasteAddress2')).toHaveValue('梅田');
  await page.locator('#wastes_0_wasteAddress3').fill('1-1-1 E2Eビル 1F');
  await page.locator('#wastes_0_wasteTelephone').fill('0661234567');
  await page.locator('#wastes_0_wasteTelephone').blur();
  await page.locator('#wastes_0_wasteEmail').fill(email);

  await page.getByTestId('account-info-submit').click();

  // Signed in as the new discharger, at home.
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('排出事業者');
  await expect(page.getByTestId('home-projects')).toBeVisible();
  await expect(projectRows(page)).toHaveCount(0);

  // The link is spent once the account is active.
  await logout(page);
  await page.goto(link);
  await expect(page.getByTestId('registration-link-invalid')).toBeVisible();

  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('排出事業者');
  await expect(page.getByTestId('user-menu')).toContainText(email);
});

test('the quote banner of sign-up shows the quote in words, its postal code hyphenated', async ({ page }) => {
  await page.goto('account-creation?type=REGULAR&pcode=1040061&size=45&num=2&week=3');
  const banner = page.getByTestId('quote-banner');
  await expect(banner).toContainText('一般ごみ');
  await expect(banner).toContainText('104-0061');
  await expect(banner).not.toContainText('REGULAR');
  await expect(banner).not.toContainText('1040061');
});
