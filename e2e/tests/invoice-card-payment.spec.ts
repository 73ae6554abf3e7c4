import type { RegularReportForm } from '@junkan/shared/api/transport-reports';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmation, confirmModal, selectOption } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { cardSimulator } from '../support/card';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';
import { seedInvoice } from '../support/seed';

// The demo's spot collection: its contract is paid by card.
const SPOT = '銀座店 改装に伴う不用品 スポット回収';

/** Fills the card provider's form (its own page, not junkan's) and sends it. */
async function enterCard(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: 'カード情報の入力' })).toBeVisible();
  await page.getByLabel('カード番号').fill(number);
  await page.getByLabel('有効期限（MM/YY）').fill('12/39');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByLabel('カード名義人（ローマ字）').fill('TARO YAMADA');
  await page.getByRole('button', { name: '次へ進む' }).click();
}

test('a qualified invoice made from the month’s report, sent, declined once and paid by card through 3-D Secure', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await cardSimulator.reset();
  const month = businessDate().replaceAll('/', '-').slice(0, 7);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const since = Date.now();

  // The transporter reported this month's weight of the spot collection (150 kg of その他).
  const transporter = await apiAs(request, DEMO.transporter);
  const projects = await transporter.get<{ projectId: number; title: string }[]>(
    '/trans/invoices/billable-projects',
  );
  const spot = projects.find((p) => p.title === SPOT);
  expect(spot, SPOT).toBeDefined();
  const form = await transporter.get<RegularReportForm>(
    `/trans/regular-reports/form?projectId=${spot!.projectId}&year=${year}&month=${mon}`,
  );
  const other = form.listVolume.find((l) => l.categoryName === 'その他' && !l.disabled);
  await transporter.post('/trans/regular-reports', {
    projectId: spot!.projectId,
    year,
    month: mon,
    listVolume: [{ category: other!.category, volume: '150' }],
  });

  // It makes the month's qualified invoice: 150 kg x the contract's 80 円/kg, 10% tax, and registers it.
  await signIn(page, DEMO.transporter, { path: `invoice-management/register?mode=generate&month=${month}` });
  await selectOption(page, page.getByLabel('請求する案件'), new RegExp(SPOT), { search: SPOT });
  await expect(page.getByTestId('invoice-payment-method')).toHaveText('クレジットカード');
  const builder = page.getByTestId('qualified-invoice-builder');
  await expect(builder.getByText('T8010401098765')).toBeVisible();
  await expect(builder.getByTestId('invoice-total')).toHaveText('￥13,200');
  // The demo's uploaded spot invoice bills this month too: a warning, confirmed on registering.
  await expect(builder.getByTestId('flag-MONTH_ALREADY_BILLED')).toContainText('アップロードした請求書');
  await builder.getByTestId('register-qualified-invoice').click();
  await expect(
    confirmation(page, '請求書を登録しますか？').getByTestId('invoice-month-confirm'),
  ).toBeVisible();
  await confirmModal(page, { title: '請求書を登録しますか？' });
  await expect(page).toHaveURL(/\/invoice-management\/detail\/\d+$/);
  const detailPath = new URL(page.url()).pathname.replace(/^\/sys\//, '');
  await expect(page.getByTestId('invoice-status')).toHaveText('未請求');
  await expect(page.getByTestId('invoice-amount')).toHaveText('￥13,200');

  // Sent: the discharger gets the invoice with its PDF, and the request to pay by card.
  await page.getByTestId('invoice-send').click();
  await confirmModal(page, { title: '請求書を送付しますか？' });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  // Each mail is this invoice's (its link): the demo inbox also gets the other worker's mails.
  const link = `/sys/${detailPath}`;
  await waitForMessage(DEMO.discharger, { since, subject: '請求書送付のお知らせ', text: link });
  await waitForMessage(DEMO.discharger, {
    since,
    subject: 'クレジットカードでのお支払いのお願い',
    text: link,
  });
  const paidSince = Date.now();

  // The discharger pays: a card without funds first, its reason shown; then a 3-D Secure card.
  await signIn(page, DEMO.discharger, { path: detailPath });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');
  await page.getByTestId('card-pay').click();
  await enterCard(page, '4000 0000 0000 9995');
  await expect(page.getByTestId('card-declined')).toContainText('利用可能額が不足');
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');

  await page.getByTestId('card-pay').click();
  await enterCard(page, '4000 0000 0000 3220');
  await expect(page.getByLabel('パスワード')).toBeVisible();
  await page.getByLabel('パスワード').fill('password');
  await page.getByLabel('パスワード').press('Enter');
  await expect(page.getByTestId('card-paid')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  expect(new URL(page.url()).search).toBe('');
  await waitForMessage(DEMO.discharger, {
    since: paidSince,
    subject: 'クレジットカードでのお支払い完了',
    text: link,
  });

  // The transporter sees it paid, by card.
  await signIn(page, DEMO.transporter, { path: detailPath });
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  expect((await cardSimulator.payments()).filter((p) => p.status === 'captured')).toHaveLength(1);
});

/** A card invoice of the spot collection, registered with a file and sent through the API; its id. */
async function sentCardInvoice(request: APIRequestContext, amount: number): Promise<number> {
  const today = businessDate().replaceAll('/', '-');
  // The demo's spot invoice bills this month too: confirmed.
  const transporter = await apiAs(request, DEMO.transporter);
  const month = today.slice(0, 7);
  const { id } = await seedInvoice(
    transporter,
    SPOT,
    { billedMonth: month, billingDate: today, dueDate: today, amount },
    [month],
  );
  await transporter.post(`/trans/invoices/${id}/send`);
  return id;
}

test('the card provider down: the payment waits with a retry, which pays once the provider is back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await cardSimulator.reset();
  const id = await sentCardInvoice(request, 5_500);

  await signIn(page, DEMO.discharger, { path: `invoice-management/detail/${id}` });
  // The provider's API is down (its card form still answers): the token comes back, the charge cannot be asked.
  await cardSimulator.setUnavailable(true);
  await page.getByTestId('card-pay').click();
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-error')).toContainText('決済サービスに接続できません', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('invoice-status')).toHaveText('請求済');

  await cardSimulator.setUnavailable(false);
  await page.getByTestId('card-error').getByRole('button', { name: '再試行' }).click();
  await expect(page.getByTestId('card-paid')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  expect((await cardSimulator.payments()).filter((p) => p.status === 'captured')).toHaveLength(1);
});

test('a 3-D Secure challenge left midway: back on the invoice, resumed, then cancelled and paid again once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await cardSimulator.reset();
  const id = await sentCardInvoice(request, 7_700);
  const detailPath = `invoice-management/detail/${id}`;

  await signIn(page, DEMO.discharger, { path: detailPath });
  await page.getByTestId('card-pay').click();
  await enterCard(page, '4000 0000 0000 3220');
  await expect(page.getByLabel('パスワード')).toBeVisible();
  const challenge = page.url();

  // The discharger leaves the challenge and opens the invoice again: the attempt waits, with what can be done.
  await page.goto(detailPath);
  const open = page.getByTestId('card-open-attempt');
  await expect(open).toContainText('3-D Secure 認証が完了していません');
  await expect(open).toContainText('￥7,700');
  await expect(page.getByTestId('card-pay')).toHaveCount(0);

  // Resuming goes back to the same challenge.
  await open.getByRole('button', { name: '認証を再開する' }).click();
  await expect(page.getByLabel('パスワード')).toBeVisible();
  expect(page.url()).toBe(challenge);

  // Left again; this time cancelled, and paid afresh with another card through the card form.
  await page.goto(detailPath);
  await page.getByRole('button', { name: '中止して最初から支払う' }).click();
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-paid')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('支払済');
  await expect(page.getByTestId('card-open-attempt')).toHaveCount(0);
  const payments = await cardSimulator.payments();
  expect(payments.map((p) => p.status).sort()).toEqual(['cancelled', 'captured']);
});

test('a server error on the way back from the card form: the retry sends the same attempt, kept as the user’s input, and pays once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await cardSimulator.reset();
  const id = await sentCardInvoice(request, 6_600);
  // The first answer to the card token is lost to a server error; the retry goes through.
  const attemptKeys: string[] = [];
  await page.route(`**/api/invoices/${id}/card-payments`, (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    attemptKeys.push(route.request().postDataJSON().attemptKey);
    if (attemptKeys.length > 1) return route.fallback();
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'server_error', message: 'server error' }),
    });
  });

  await signIn(page, DEMO.discharger, { path: `invoice-management/detail/${id}` });
  await page.getByTestId('card-pay').click();
  await enterCard(page, '4242 4242 4242 4242');
  // Said with the retry at hand, never sent back to the login page (which would lose the card's token).
  const error = page.getByTestId('card-error');
  await expect(error).toContainText('お支払いの処理中にシステムエラーが発生しました。', { timeout: 20_000 });
  await expect(error).not.toContainText('ログイン画面');
  // The attempt's key is kept as the signed-in user's input, which the end of the session wipes.
  const kept = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((k) => k.includes('cardAttempt')),
  );
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatch(/^junkan\.kept\.\d+\.cardAttempt\./);

  await error.getByRole('button', { name: '再試行' }).click();
  await expect(page.getByTestId('card-paid')).toBeVisible();
  expect(attemptKeys).toHaveLength(2);
  expect(attemptKeys[1]).toBe(attemptKeys[0]);
  expect((await cardSimulator.payments()).filter((p) => p.status === 'captured')).toHaveLength(1);
});
