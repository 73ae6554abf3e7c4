import { expect, test } from '@playwright/test';
import { confirmation, confirmModal } from '../support/antd';
import { DEMO, uniqueEmail } from '../support/app';
import { signIn } from '../support/auth';
import { APP_ORIGIN } from '../support/env';
import { findLink, waitForMessage } from '../support/mail';

test('a self-registered transporter waits for approval, an admin approves it, then it sees its normal home', async ({
  page,
  browser,
  request,
}) => {
  // Two users, two sign-ins, a registration and mails: longer than the default.
  test.setTimeout(90_000);
  const email = uniqueEmail('transporter');
  const password = 'Trans1234';
  const companyName = `E2E運輸${Date.now() % 100000}`;

  // Sign-up as a transport company goes through the API (the sign-up page signs up dischargers).
  const since = Date.now();
  const signup = await request.post(`${APP_ORIGIN}/api/auth/signup`, {
    data: { email, password, role: 'TRANSPORT' },
  });
  expect(signup.status()).toBe(200);
  const link = findLink(
    (await waitForMessage(email, { since })).text,
    `${APP_ORIGIN}/sys/user-registration?`,
  );

  // Registration in the browser, from the mailed link.
  await page.goto(link);
  await expect(page.locator('#accountName')).toBeVisible();
  await page.locator('#accountName').fill('運輸 担当');
  await page.locator('#companyName').fill(companyName);
  await page.locator('#contractPic').fill('運輸 太郎');
  await page.locator('#companyPostalCode').fill('1350016');
  await page.locator('#companyAddress').fill('東京都江東区東陽1-2-3');
  await page.locator('#companyTelephone').fill('0355556666');
  await page.locator('#companyTelephone').blur();
  await page.locator('#companyEmail').fill(email);
  const registeredAt = Date.now();
  await page.getByTestId('account-info-submit').click();

  // Signed in, at home, told that the company waits for approval; no request, project or area screen.
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('収集運搬・処分業者');
  const banner = page.getByTestId('transport-approval-banner');
  await expect(banner).toContainText('承認待ち: 管理者が許可証の情報を確認しています');
  await expect(page.getByTestId('home-projects-awaiting-approval')).toBeVisible();
  await expect(page.getByTestId('home-projects')).toHaveCount(0);
  await expect(page.getByTestId('company-select')).toHaveCount(0);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('ホーム', { exact: true })).toBeVisible();
  await expect(menu.getByText('案件管理', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('契約管理', { exact: true })).toHaveCount(0);
  // A blocked page says why as well.
  await page.goto('area-price-setting');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(banner).toBeVisible();

  // The administrators were told; one approves after reading the registration.
  await waitForMessage(DEMO.admin, {
    since: registeredAt,
    subject: '運搬会社の承認依頼',
    text: companyName,
  });
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.getByTestId('side-menu').getByText('運搬会社の承認', { exact: true }).click();
  await expect(admin).toHaveURL(/\/sys\/transport-approval$/);
  const card = admin.locator('[data-testid^="transport-company-"]').filter({ hasText: companyName });
  await expect(card).toContainText('東京都江東区東陽1-2-3');
  await expect(card).toContainText(email);
  await expect(card).toContainText('許可証の情報はまだ登録されていません');
  const approvedAt = Date.now();
  await card.getByTestId('approve-company').click();
  await expect(confirmation(admin)).toContainText(companyName);
  await confirmModal(admin, { button: '承認する' });
  await expect(card).toHaveCount(0);
  await admin.getByTestId('approval-status-filter').getByText('承認済み', { exact: true }).click();
  await expect(
    admin.locator('[data-testid^="transport-company-"]').filter({ hasText: companyName }),
  ).toBeVisible();
  await adminContext.close();

  // The transporter is told by mail and, looking again, has its normal home.
  const approvedMail = await waitForMessage(email, { since: approvedAt });
  expect(approvedMail.subject).toContain('承認されました');
  await page.goto('home');
  await expect(page.getByTestId('home-projects')).toBeVisible();
  await expect(page.getByTestId('transport-approval-banner')).toHaveCount(0);
  await expect(page.getByTestId('company-select')).toBeVisible();
  await expect(menu.getByText('案件管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('契約管理', { exact: true })).toBeVisible();
});
