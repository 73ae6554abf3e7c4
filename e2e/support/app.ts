import { expect, type Locator, type Page } from '@playwright/test';
import { tableRows } from './antd';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO = {
  admin: 'admin@example.com',
  discharger: 'discharger@example.com',
  discharger2: 'discharger2@example.com',
  transporter: 'transporter@example.com',
  platform: 'platform@example.com',
  // 東都環境サービス's driver (運転 太郎), with its vehicle 「2t パッカー 1号車」.
  driver: 'driver@example.com',
} as const;

/** A unique address for a test that creates an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Waits until the login page is really shown. Pages are lazy chunks and the router keeps the previous
 * page on screen while the next one loads, so the address alone is not enough: the account creation and
 * reset pages have `#email` and `#password` too. Only the login page links to the reset page.
 */
export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sys\/login$/);
  await expect(page.locator('a[href="/sys/reset-pass"]')).toBeVisible();
}

/** Fills and submits the login form (the page is opened first unless already there). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/sys/login')) await page.goto('login');
  await expectLoginPage(page);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
}

/**
 * Signs in through the login form and waits until the signed-in shell shows (home, or account selection
 * for an admin). For the tests of sign-in itself; the others sign in through the API (`signIn`, auth.ts).
 */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page.getByTestId('role-badge')).toBeVisible();
}

/**
 * Opens the header's user menu and chooses `item` (its test id). A click while the dropdown is still opening
 * can be lost on a loaded machine: the menu is opened and the item chosen again until the menu has closed.
 */
export async function chooseUserMenuItem(page: Page, item: string): Promise<void> {
  const entry = page.getByTestId(item);
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByTestId('user-menu').click();
    await entry.click({ timeout: 2_000 });
    await expect(entry).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens the user menu and signs out; the login page follows. */
export async function logout(page: Page): Promise<void> {
  await chooseUserMenuItem(page, 'logout');
  await expectLoginPage(page);
}

/** Rows of the home page's project table. */
export function projectRows(page: Page): Locator {
  return tableRows(page.getByTestId('home-projects'));
}

export async function chooseOperatorType(
  page: Page,
  label: '排出事業者' | '収集運搬・処分業者',
): Promise<void> {
  await page.getByTestId('account-selection-type').getByText(label, { exact: true }).click();
}

export function operatorItem(page: Page, name: string): Locator {
  return page
    .getByTestId('account-selection-list')
    .getByTestId('account-selection-item')
    .filter({ hasText: name });
}
