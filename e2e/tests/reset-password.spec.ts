import { expect, test } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expectLoginPage,
  projectRows,
  signInWithForm,
  submitLogin,
} from '../support/app';
import { APP_ORIGIN } from '../support/env';
import { findLink, waitForMessage } from '../support/mail';

test('password reset by mail, then sign-in with the new password', async ({ page }) => {
  const email = DEMO.discharger2;
  const newPassword = 'Reset5678';

  await page.goto('login');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/sys\/reset-pass$/);
  // The login page stays on screen until the reset page's chunk has loaded; both have #email.
  await expect(page.getByRole('heading', { name: 'パスワード再設定' })).toBeVisible();
  await page.locator('#email').fill(email);
  const since = Date.now();
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('reset-notice')).toHaveText(
    `${email} にパスワード再設定用のメールを送信しました。`,
  );

  const mail = await waitForMessage(email, { since });
  expect(mail.subject).toContain('パスワード再設定');
  const link = findLink(mail.text, `${APP_ORIGIN}/sys/reset-pass?token=`);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: '新しいパスワードの設定' })).toBeVisible();
  await page.locator('#password').fill(newPassword);
  await page.locator('#confirmPassword').fill(newPassword);
  await page.locator('button[type=submit]').click();
  await expectLoginPage(page);
  await expect(page.getByText('パスワードを再設定しました。ログインしてください。')).toBeVisible();

  // The old password no longer works; the new one does.
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signInWithForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('排出事業者');
  await expect(projectRows(page).filter({ hasText: '梅田事業所 廃油処理' })).toHaveCount(1);
  await expect(projectRows(page).filter({ hasText: '銀座店 可燃ごみ定期回収' })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('link-invalid')).toBeVisible();
});

test('an unknown address gets the not-registered notice and no mail is needed', async ({ page }) => {
  await page.goto('reset-pass');
  await page.locator('#email').fill('nobody-here@example.com');
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('reset-notice')).toBeVisible();
  await expect(page.getByTestId('reset-notice')).toHaveClass(/ant-alert-error/);
});
