import { expect, test } from '@playwright/test';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

test('the language switch changes the texts and survives a reload', async ({ page }) => {
  await page.goto('login');
  const submit = page.locator('button[type=submit]');
  await expect(submit).toHaveText('ログイン');

  await page.getByTestId('language-select').getByText('English').click();
  await expect(submit).toHaveText('Log in');
  await page.reload();
  await expect(submit).toHaveText('Log in');

  // The choice made on the login page stays with the signed-in pages.
  await signIn(page, DEMO.discharger);
  await expect(page.getByTestId('role-badge')).toHaveText('Discharger');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Home', { exact: true })).toBeVisible();
  await page.reload();
  await expect(menu.getByText('Home', { exact: true })).toBeVisible();

  await page.getByTestId('language-select').getByText('日本語').click();
  await expect(menu.getByText('ホーム', { exact: true })).toBeVisible();
  await expect(page.getByTestId('role-badge')).toHaveText('排出事業者');
  await page.reload();
  await expect(menu.getByText('ホーム', { exact: true })).toBeVisible();
});
