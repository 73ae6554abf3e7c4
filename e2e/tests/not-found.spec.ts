import { expect, test } from '@playwright/test';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';

test('an unknown path shows the 404 page, whose button goes home', async ({ page }) => {
  await signIn(page, DEMO.discharger, { path: 'no-such-page' });

  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('ページが見つかりません');
  await notFound.getByRole('button', { name: 'ホームに戻る' }).click();

  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page.getByTestId('home-projects')).toBeVisible();
});

test('an unknown path without a session goes to the login page', async ({ page }) => {
  await page.goto('no-such-page');
  await expect(page).toHaveURL(/\/sys\/login$/);
});
