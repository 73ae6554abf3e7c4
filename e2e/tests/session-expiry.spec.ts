import { expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage-keys';
import { DEMO, expectLoginPage } from '../support/app';
import { signIn } from '../support/auth';
import { APP_ORIGIN } from '../support/env';

/**
 * The end of an idle sign-in (section 9; JIS X 8341-3 2.2.1), on the browser's clock run on by Playwright. The spec
 * refreshes the token of a tab in sight whatever the user does, so a sign-in ends for idleness only in a tab left
 * in the background: the tab is made to say it is hidden.
 */
async function idleInBackgroundTab(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden', configurable: true });
    Object.defineProperty(Document.prototype, 'hidden', { get: () => true, configurable: true });
  });
  await signIn(page, DEMO.discharger);
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The sign-in's end as the dialog says it: 30 minutes minus 50 s after the token came, Japan time. */
async function endTime(page: Page): Promise<string> {
  const issuedAt = Number(await stored(page, STORAGE_KEYS.tokenIssuedAt));
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(issuedAt + 30 * 60_000 - 50_000));
}

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'まもなくログインが終了します' });

test('two minutes before an idle sign-in ends, a dialog says when and keeps the user signed in on request', async ({
  page,
  request,
}) => {
  await idleInBackgroundTab(page);
  const before = await stored(page, STORAGE_KEYS.token);
  const endsAt = await endTime(page);

  // Not yet: nothing is shown three minutes before the end.
  await page.clock.fastForward('26:00');
  await expect(page.getByTestId('role-badge')).toBeVisible();
  await expect(warning(page)).toHaveCount(0);

  await page.clock.fastForward('01:30');
  const dialog = warning(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${endsAt} にログインが終了します`);
  // Focus is in the dialog, on the button that extends the sign-in.
  const stay = dialog.getByRole('button', { name: 'ログインを延長する' });
  await expect(stay).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // A new token: past the first one's end the user is still signed in and can call the API.
  const after = await stored(page, STORAGE_KEYS.token);
  expect(after).not.toBe(before);
  await page.clock.fastForward('03:00');
  await expect(page.getByTestId('role-badge')).toBeVisible();
  await expect(warning(page)).toHaveCount(0);
  await expect(page.getByText('セッションの有効期限が切れました。')).toHaveCount(0);
  const answer = await request.get(`${APP_ORIGIN}/api/users/info`, {
    headers: { authorization: `Bearer ${await stored(page, STORAGE_KEYS.token)}` },
  });
  expect(answer.status()).toBe(200);
});

test('an ignored warning ends the sign-in at the time it said', async ({ page, request }) => {
  await idleInBackgroundTab(page);
  const token = await stored(page, STORAGE_KEYS.token);

  await page.clock.fastForward('27:30');
  await expect(warning(page)).toBeVisible();
  await page.clock.fastForward('02:00');

  // The warning gives way to the expiry notice, whose only way on is the login page; the token is then refused.
  await expect(warning(page)).toBeHidden();
  const expired = page.getByRole('dialog').filter({ hasText: 'セッションの有効期限が切れました。' });
  await expect(expired).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(expired).toBeVisible();
  await expired.getByRole('button', { name: 'OK' }).press('Enter');
  await expectLoginPage(page);
  expect(await stored(page, STORAGE_KEYS.token)).toBeNull();
  const answer = await request.get(`${APP_ORIGIN}/api/users/info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(401);
});
