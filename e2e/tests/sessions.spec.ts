import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  chooseUserMenuItem,
  DEMO,
  DEMO_PASSWORD,
  expectLoginPage,
  logout,
  signInWithForm,
} from '../support/app';
import { APP_ORIGIN } from '../support/env';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('junkan.token'));
const callWith = (request: APIRequestContext, token: string) =>
  request.get(`${APP_ORIGIN}/api/permissions`, { headers: { authorization: `Bearer ${token}` } });

// Two sign-ins in one test on a loaded machine.
test.setTimeout(90_000);

test('changing the password signs out the other browser, this tab carries on; log out ends the token', async ({
  browser,
  page,
  request,
}) => {
  // The other demo transporter: changing a password ends that account's other sign-ins, and the demo transporter
  // is signed in by tests running meanwhile (disposal-unit-prices.spec.ts, its only other user, runs in the same
  // one-at-a-time project).
  const email = DEMO.platform;
  const changed = 'Chang3Pass';
  // A second browser: its own storage, the same settings as the test's.
  const other = await browser.newContext({
    baseURL: `${APP_ORIGIN}/sys/`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const otherPage = await other.newPage();
  try {
    await signInWithForm(otherPage, email);
    await signInWithForm(page, email);
    const before = (await storedToken(page))!;

    await chooseUserMenuItem(page, 'user-menu-changePassword');
    await expect(page).toHaveURL(/\/sys\/change-password$/);
    await page.locator('#oldPass').fill(DEMO_PASSWORD);
    await page.locator('#newPass').fill(changed);
    await page.locator('#confirmPass').fill(changed);
    await page.locator('button[type=submit]').click();
    await expect(page.getByText('パスワードを変更しました。')).toBeVisible();

    // This tab holds a token of a new sign-in and stays signed in; the one from before is refused.
    const after = (await storedToken(page))!;
    expect(after).not.toBe(before);
    expect((await callWith(request, before)).status()).toBe(401);
    await page.goto('home');
    await expect(page.getByTestId('role-badge')).toBeVisible();
    await expect(page).toHaveURL(/\/sys\/home$/);

    // The other browser's sign-in has ended: its next call sends it to the login page.
    await otherPage.reload();
    await expectLoginPage(otherPage);

    // Log out ends the sign-in on the server: the token, copied before, no longer works.
    expect((await callWith(request, after)).status()).toBe(200);
    await logout(page);
    expect((await callWith(request, after)).status()).toBe(401);
  } finally {
    // Put the demo password back for the other tests.
    const signIn = await request.post(`${APP_ORIGIN}/api/auth/login`, { data: { email, password: changed } });
    if (signIn.ok()) {
      const { token } = await signIn.json();
      await request.post(`${APP_ORIGIN}/api/auth/password/change`, {
        headers: { authorization: `Bearer ${token}` },
        data: { oldPass: changed, newPass: DEMO_PASSWORD },
      });
    }
    await other.close();
  }
});
