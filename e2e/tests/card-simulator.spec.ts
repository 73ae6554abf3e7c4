import { expect, test } from '@playwright/test';
import { cardFormUrl, cardKeys, cardSimulator } from '../support/card';
import { APP_ORIGIN, CARD_ORIGIN } from '../support/env';

// The provider's own pages, as a card holder meets them on a phone: keyboard only, 390 px wide.
test.use({ viewport: { width: 390, height: 844 } });

// A page that never redirects (the app's own pages send a visitor without a session to the login page).
const RETURN = `${APP_ORIGIN}/api/card-return-check`;

test.beforeEach(() => cardSimulator.reset());

test('the card form is filled by keyboard, shows its errors, and returns a one-time token', async ({
  page,
}) => {
  await page.goto(cardFormUrl(RETURN, { amount: 11_000 }));
  await expect(page.getByRole('heading', { name: 'カード情報の入力' })).toBeVisible();
  await expect(page.getByText('11,000円')).toBeVisible();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel('カード番号').focus();
  await page.keyboard.type('4242 4242 4242 4241');
  await page.keyboard.press('Tab');
  await page.keyboard.type('01/20');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('TARO YAMADA');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('カード番号が正しくありません');
  await expect(page.getByLabel('有効期限（MM/YY）')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
  await page.getByLabel('有効期限（MM/YY）').fill('12/39');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByLabel('セキュリティコード').press('Enter');
  await page.waitForURL(/card_token=tok_/, { waitUntil: 'commit' });
  expect(page.url().startsWith(`${RETURN}?card_token=tok_`)).toBe(true);
});

test('the cancel link goes back with card_cancelled=1; English with lang=en', async ({ page }) => {
  await page.goto(cardFormUrl(RETURN, { lang: 'en' }));
  await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await page.waitForURL(/card_cancelled=1/, { waitUntil: 'commit' });
});

test('the 3-D Secure challenge authorises with the test password', async ({ page, request }) => {
  await page.goto(cardFormUrl(RETURN));
  await page.getByLabel('カード番号').fill('4000 0000 0000 3220');
  await page.getByLabel('有効期限（MM/YY）').fill('12/39');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByLabel('カード名義人（ローマ字）').fill('TARO YAMADA');
  await page.getByRole('button', { name: '次へ進む' }).click();
  await page.waitForURL(/card_token=/, { waitUntil: 'commit' });
  const token = new URL(page.url()).searchParams.get('card_token');

  const res = await request.post(`${CARD_ORIGIN}/v1/payments`, {
    headers: { authorization: `Bearer ${cardKeys().secretKey}`, 'idempotency-key': `e2e-${Date.now()}` },
    data: { token, amount: 11_000, currency: 'jpy', order_id: 'E2E-1', return_url: RETURN },
  });
  const payment = await res.json();
  expect(payment.status).toBe('requires_action');

  await page.goto(payment.action_url);
  await expect(page.getByText('テスト用パスワード：password')).toBeVisible();
  await page.getByLabel('パスワード').fill('password');
  await page.getByLabel('パスワード').press('Enter');
  await page.waitForURL(new RegExp(`payment_id=${payment.id}`), { waitUntil: 'commit' });
  const [after] = await cardSimulator.payments();
  expect(after?.status).toBe('authorized');
  // The server verified and accepted the signed webhook.
  await expect
    .poll(async () => (await cardSimulator.deliveries()).map((d) => [d.type, d.httpStatus]))
    .toEqual([['payment.authorized', 200]]);
});
