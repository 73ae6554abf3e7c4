import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isLuhnValid, type PaymentView, TEST_CARDS, type WebhookEvent } from './model';
import { validateCardForm } from './pages';
import { type RunningCardSimulator, startCardSimulator } from './start';

const KEYS = { secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_test_abc' };
const SHOP = 'http://shop.test/pay/return?invoice=7';

let sim: RunningCardSimulator;
let keySeq = 0;
const newKey = () => `key-${++keySeq}`;

/** A webhook receiver: answers with the next queued status (200 when none). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answers: number[] = [];

async function api<T = PaymentView>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T & { code?: string } }> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${KEYS.secretKey}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T & { code?: string } };
}

/** Fills the hosted form as a browser would; answers the redirect's location (or the page on 4xx). */
async function submitForm(fields: Record<string, string>, returnUrl = SHOP) {
  const res = await fetch(`${sim.url}/hosted/card-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: KEYS.publishableKey, return_url: returnUrl, lang: 'ja', ...fields }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

async function tokenFor(number: string): Promise<string> {
  const r = await submitForm({ number, expiry: '12/39', cvc: '123', name: 'TARO YAMADA' });
  expect(r.status).toBe(303);
  const token = new URL(r.location!).searchParams.get('card_token');
  expect(token).toMatch(/^tok_/);
  return token!;
}

const pay = async (number: string, extra: Record<string, unknown> = {}, key = newKey()) =>
  api(
    'POST',
    '/v1/payments',
    {
      token: await tokenFor(number),
      amount: 11_000,
      currency: 'jpy',
      order_id: 'INV-1',
      return_url: SHOP,
      ...extra,
    },
    { 'idempotency-key': key },
  );

const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sim = await startCardSimulator({ ...KEYS, retryBaseMs: 20 });
});
afterAll(async () => {
  await sim.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  await sim.control.reset();
  await sim.control.setWebhook({ url: receiverUrl, retryBaseMs: 20 });
  received = [];
  answers = [];
});

describe('card rules', () => {
  it('checks card numbers by Luhn', () => {
    for (const n of Object.keys(TEST_CARDS)) expect(isLuhnValid(n), n).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42424242')).toBe(false);
    expect(isLuhnValid('4242x24242424242')).toBe(false);
  });

  it('checks the expiry against the month in Japan (valid through its month)', () => {
    const card = { number: '4242 4242 4242 4242', cvc: '123', name: 'A' };
    // 2026-11-30 16:00 UTC is already December 1st in Japan.
    const now = new Date('2026-11-30T16:00:00Z');
    expect(validateCardForm({ ...card, expiry: '11/26' }, 'ja', now).errors?.expiry).toBeDefined();
    expect(validateCardForm({ ...card, expiry: '12/26' }, 'ja', now).card?.expMonth).toBe(12);
    expect(validateCardForm({ ...card, expiry: '13/30' }, 'en', now).errors?.expiry).toBe(
      'Enter the expiry as MM/YY.',
    );
    expect(validateCardForm({ ...card, expiry: '1230' }, 'ja', now).errors?.expiry).toBeDefined();
    expect(validateCardForm({ ...card, cvc: '12', expiry: '12/30' }, 'ja', now).errors?.cvc).toBeDefined();
    expect(validateCardForm({ ...card, name: ' ', expiry: '12/30' }, 'ja', now).errors?.name).toBeDefined();
  });
});

describe('hosted card form', () => {
  it('renders in Japanese by default and in English with lang=en, with the amount in yen', async () => {
    const q = new URLSearchParams({ key: KEYS.publishableKey, return_url: SHOP, amount: '11000' });
    const ja = await fetch(`${sim.url}/hosted/card-form?${q}`);
    expect(ja.status).toBe(200);
    const jaText = await ja.text();
    expect(jaText).toContain('<html lang="ja">');
    expect(jaText).toContain('11,000円');
    expect(jaText).toContain('autocomplete="cc-number"');
    expect(jaText).toContain(`${SHOP.replace('?', '?').replace(/&/g, '&amp;')}&amp;card_cancelled=1`);
    q.set('lang', 'en');
    const enText = await (await fetch(`${sim.url}/hosted/card-form?${q}`)).text();
    expect(enText).toContain('<html lang="en">');
    expect(enText).toContain('Card number');
  });

  it('refuses a wrong publishable key and a return URL that is not http(s)', async () => {
    const bad = (q: Record<string, string>) =>
      fetch(`${sim.url}/hosted/card-form?${new URLSearchParams(q)}`).then((r) => r.status);
    expect(await bad({ key: 'pk_wrong', return_url: SHOP })).toBe(400);
    expect(await bad({ key: KEYS.publishableKey, return_url: 'javascript:alert(1)' })).toBe(400);
    expect(await bad({ key: KEYS.publishableKey, return_url: 'ftp://shop.test/' })).toBe(400);
    expect(await bad({ key: KEYS.publishableKey, return_url: SHOP, amount: '-5' })).toBe(400);
    const r = await submitForm(
      { number: '4242424242424242', expiry: '12/39', cvc: '123', name: 'A' },
      'data:text/html,x',
    );
    expect(r.status).toBe(400);
  });

  it('shows the errors of a bad card and issues no token', async () => {
    const r = await submitForm({ number: '4242424242424241', expiry: '01/20', cvc: '1', name: '' });
    expect(r.status).toBe(400);
    expect(r.text).toContain('カード番号が正しくありません');
    expect(r.text).toContain('有効期限が過ぎています');
    expect(r.text).toContain('aria-invalid="true"');
    // The typed number comes back into the form escaped, never as markup.
    const x = await submitForm({ number: '<script>', expiry: '12/39', cvc: '123', name: 'A' });
    expect(x.text).not.toContain('<script>');
    expect((await sim.control.settings()).payments).toBe(0);
  });

  it('accepts the expired test card at the form (the decline comes at authorisation)', async () => {
    const r = await submitForm({ number: '4000 0000 0000 0069', expiry: '12/39', cvc: '123', name: 'A' });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^http:\/\/shop\.test\/pay\/return\?invoice=7&card_token=tok_/);
  });
});

describe('payments', () => {
  it('answers 401 without the secret key', async () => {
    const res = await fetch(`${sim.url}/v1/payments/pay_000000000000000000000000`);
    expect(res.status).toBe(401);
    const wrong = await api('GET', '/v1/payments/pay_000000000000000000000000', undefined, {
      authorization: 'Bearer sk_test_wrong',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('unauthorized');
  });

  it.each([
    ['4242424242424242', 'authorized', null],
    ['5555555555554444', 'authorized', null],
    ['4000000000009995', 'declined', 'insufficient_funds'],
    ['4000000000000069', 'declined', 'expired_card'],
    ['4000000000000002', 'declined', 'card_declined'],
    ['4000000000000119', 'declined', 'processing_error'],
  ])('card %s -> %s (%s)', async (number, status, decline) => {
    const r = await pay(number);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status,
      decline_code: decline,
      amount: 11_000,
      currency: 'jpy',
      order_id: 'INV-1',
    });
    expect(r.body.id).toMatch(/^pay_/);
    expect(r.body.card.last4).toBe(number.slice(-4));
    expect(JSON.stringify(await sim.control.payments())).not.toContain(number);
  });

  it('captures at once when asked and no 3-D Secure is needed', async () => {
    const r = await pay('4242424242424242', { capture: true });
    expect(r.body.status).toBe('captured');
    expect(r.body.captured_at).not.toBeNull();
  });

  it('uses a token once; an unknown or expired token is token_invalid', async () => {
    const token = await tokenFor('4242424242424242');
    const body = { token, amount: 500, currency: 'jpy', order_id: 'A', return_url: SHOP };
    expect((await api('POST', '/v1/payments', body, { 'idempotency-key': newKey() })).status).toBe(200);
    const again = await api('POST', '/v1/payments', body, { 'idempotency-key': newKey() });
    expect(again).toMatchObject({ status: 400, body: { code: 'token_invalid' } });
    const unknown = await api(
      'POST',
      '/v1/payments',
      { ...body, token: 'tok_nope' },
      { 'idempotency-key': newKey() },
    );
    expect(unknown.body.code).toBe('token_invalid');

    const late = await tokenFor('4242424242424242');
    await sim.control.advanceClock(15 * 60 * 1000 + 1_000);
    const expired = await api(
      'POST',
      '/v1/payments',
      { ...body, token: late },
      { 'idempotency-key': newKey() },
    );
    expect(expired).toMatchObject({ status: 400, body: { code: 'token_invalid' } });
  });

  it('keeps its amount and currency rules and wants an Idempotency-Key', async () => {
    const token = await tokenFor('4242424242424242');
    const base = { token, amount: 500, currency: 'jpy', order_id: 'A', return_url: SHOP };
    for (const bad of [
      { ...base, amount: 49 },
      { ...base, amount: 100_000_000 },
      { ...base, amount: 100.5 },
      { ...base, currency: 'usd' },
      { ...base, return_url: 'javascript:x' },
      { ...base, order_id: 'A\u0000' },
      { ...base, order_id: '\ud800' },
    ]) {
      const r = await api('POST', '/v1/payments', bad, { 'idempotency-key': newKey() });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code).toBe('invalid_request');
    }
    const noKey = await api('POST', '/v1/payments', base);
    expect(noKey).toMatchObject({ status: 400, body: { code: 'idempotency_key_missing' } });
    const broken = await fetch(`${sim.url}/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.secretKey}`,
        'content-type': 'application/json',
        'idempotency-key': 'k',
      },
      body: '{"token":',
    });
    expect(broken.status).toBe(400);
    // Refusals did not use the token up.
    expect((await api('POST', '/v1/payments', base, { 'idempotency-key': newKey() })).status).toBe(200);
  });

  it('answers the same key with the same body once (one payment), and 409 with another body', async () => {
    const token = await tokenFor('4242424242424242');
    const body = { token, amount: 1_000, currency: 'jpy', order_id: 'B', return_url: SHOP };
    const first = await api('POST', '/v1/payments', body, { 'idempotency-key': 'same' });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await api('POST', '/v1/payments', reordered, { 'idempotency-key': 'same' });
    expect(second.body).toEqual(first.body);
    expect(await sim.control.payments()).toHaveLength(1);
    const other = await api(
      'POST',
      '/v1/payments',
      { ...body, amount: 2_000 },
      { 'idempotency-key': 'same' },
    );
    expect(other).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
  });

  it('captures only an authorised payment, idempotently; refunds only a captured one', async () => {
    const declined = await pay('4000000000000002');
    expect((await api('POST', `/v1/payments/${declined.body.id}/capture`)).status).toBe(409);

    const p = await pay('4242424242424242');
    expect((await api('POST', `/v1/payments/${p.body.id}/refund`, {})).body.code).toBe(
      'payment_state_invalid',
    );
    const c1 = await api('POST', `/v1/payments/${p.body.id}/capture`, undefined, {
      'idempotency-key': newKey(),
    });
    expect(c1.body.status).toBe('captured');
    const c2 = await api('POST', `/v1/payments/${p.body.id}/capture`);
    expect(c2.body.captured_at).toBe(c1.body.captured_at);

    const part = await api('POST', `/v1/payments/${p.body.id}/refund`, { amount: 1_000 });
    expect(part.body).toMatchObject({ status: 'captured', refunded_amount: 1_000 });
    const tooMuch = await api('POST', `/v1/payments/${p.body.id}/refund`, { amount: 10_001 });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'refund_amount_invalid' } });
    const rest = await api(
      'POST',
      `/v1/payments/${p.body.id}/refund`,
      {},
      { 'idempotency-key': 'refund-rest' },
    );
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_amount: 11_000 });
    const retried = await api(
      'POST',
      `/v1/payments/${p.body.id}/refund`,
      {},
      { 'idempotency-key': 'refund-rest' },
    );
    expect(retried.body).toEqual(rest.body);
    expect((await api('POST', `/v1/payments/${p.body.id}/refund`, {})).status).toBe(409);
    expect((await api('GET', `/v1/payments/${p.body.id}`)).body.status).toBe('refunded');
    expect((await api('GET', '/v1/payments/pay_ffffffffffffffffffffffff')).status).toBe(404);
    expect((await api('GET', `/v1/payments/${'9'.repeat(60)}`)).status).toBe(404);
  });
});

describe('3-D Secure', () => {
  async function challenge(password: string, lang = 'ja') {
    const p = await pay('4000000000003220');
    expect(p.body.status).toBe('requires_action');
    expect(p.body.action_url).toBe(`${sim.url}/3ds/challenge/${p.body.id}`);
    const page = await fetch(`${p.body.action_url}?lang=${lang}`);
    const text = await page.text();
    expect(text).toContain(lang === 'ja' ? 'テスト用パスワード：password' : 'Test password: password');
    expect(text).toContain(lang === 'ja' ? '11,000円' : '¥11,000');
    const res = await fetch(p.body.action_url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SHOP}&payment_id=${p.body.id}`);
    return (await api('GET', `/v1/payments/${p.body.id}`)).body;
  }

  it('authorises with the right password', async () => {
    expect(await challenge('password', 'en')).toMatchObject({ status: 'authorized', action_url: null });
  });

  it('declines with a wrong one (three_d_secure_failed), and the page answers once', async () => {
    const p = await challenge('wrong');
    expect(p).toMatchObject({ status: 'declined', decline_code: 'three_d_secure_failed' });
    const again = await fetch(`${sim.url}/3ds/challenge/${p.id}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect((await fetch(`${sim.url}/3ds/challenge/pay_nope`)).status).toBe(404);
  });
});

describe('cancel', () => {
  const answer = (actionUrl: string, password: string) =>
    fetch(actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }),
      redirect: 'manual',
    });

  it('cancels a payment waiting for 3-D Secure: its challenge no longer authorises, a repeat answers it again', async () => {
    const p = await pay('4000000000003220');
    const cancelled = await api('POST', `/v1/payments/${p.body.id}/cancel`, undefined, {
      'idempotency-key': 'cancel-1',
    });
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', action_url: null } });
    // The card holder comes back to the challenge: straight back to the shop, nothing authorised.
    const page = await fetch(p.body.action_url!, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`${SHOP}&payment_id=${p.body.id}`);
    expect((await answer(p.body.action_url!, 'password')).status).toBe(303);
    expect((await api('GET', `/v1/payments/${p.body.id}`)).body.status).toBe('cancelled');
    const again = await api('POST', `/v1/payments/${p.body.id}/cancel`);
    expect(again.body.status).toBe('cancelled');
    await until(() => received.some((r) => JSON.parse(r.body).type === 'payment.cancelled'));
    expect((await api('POST', `/v1/payments/${p.body.id}/capture`)).body.code).toBe('payment_state_invalid');
  });

  it('cancels an authorised payment (the hold released), never a captured or declined one', async () => {
    const held = await pay('4242424242424242');
    expect((await api('POST', `/v1/payments/${held.body.id}/cancel`)).body.status).toBe('cancelled');

    const secure = await pay('4000000000003220');
    await answer(secure.body.action_url!, 'password');
    await api('POST', `/v1/payments/${secure.body.id}/capture`);
    const late = await api('POST', `/v1/payments/${secure.body.id}/cancel`, undefined, {
      'idempotency-key': 'cancel-late',
    });
    expect(late).toMatchObject({ status: 409, body: { code: 'payment_state_invalid' } });
    expect((await api('GET', `/v1/payments/${secure.body.id}`)).body.status).toBe('captured');

    const declined = await pay('4000000000000002');
    expect((await api('POST', `/v1/payments/${declined.body.id}/cancel`)).status).toBe(409);
    expect((await api('POST', '/v1/payments/pay_ffffffffffffffffffffffff/cancel')).status).toBe(404);
  });
});

describe('webhooks', () => {
  const eventsOf = () => received.map((r) => JSON.parse(r.body) as WebhookEvent);

  it('signs each event with the webhook secret', async () => {
    const p = await pay('4242424242424242', { capture: true });
    await until(() => received.length === 2);
    expect(
      eventsOf()
        .map((e) => e.type)
        .sort(),
    ).toEqual(['payment.authorized', 'payment.captured']);
    for (const r of received) {
      const header = String(r.headers['junkan-card-signature']);
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      expect(m).not.toBeNull();
      expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(60);
      const expected = createHmac('sha256', KEYS.webhookSecret).update(`${m![1]}.${r.body}`).digest('hex');
      expect(m![2]).toBe(expected);
      const event = JSON.parse(r.body) as WebhookEvent;
      expect(event.id).toMatch(/^evt_/);
      expect(event.data.payment.id).toBe(p.body.id);
    }
  });

  it('sends payment.failed for a decline and payment.refunded for a refund', async () => {
    await pay('4000000000009995');
    const p = await pay('4242424242424242', { capture: true });
    await api('POST', `/v1/payments/${p.body.id}/refund`, { amount: 100 });
    await until(() => received.length === 4);
    const failed = eventsOf().find((e) => e.type === 'payment.failed');
    expect(failed?.data.payment.decline_code).toBe('insufficient_funds');
    expect(eventsOf().find((e) => e.type === 'payment.refunded')?.data.payment.refunded_amount).toBe(100);
  });

  it('retries a failed delivery with backoff and logs every attempt', async () => {
    answers = [500, 503];
    await pay('4242424242424242');
    await until(() => received.length === 3);
    await until(async () => (await sim.control.deliveries()).length === 3);
    const log = await sim.control.deliveries();
    expect(log.map((d) => [d.attempt, d.outcome, d.httpStatus])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 503],
      [3, 'delivered', 200],
    ]);
    expect(new Set(eventsOf().map((e) => e.id)).size).toBe(1);
    const gap1 = Date.parse(log[1]!.at) - Date.parse(log[0]!.at);
    const gap2 = Date.parse(log[2]!.at) - Date.parse(log[1]!.at);
    expect(gap1).toBeGreaterThanOrEqual(18);
    expect(gap2).toBeGreaterThanOrEqual(38);
  });

  it('gives up after the last attempt, retries a receiver that cannot be reached', async () => {
    await sim.control.setWebhook({ url: 'http://127.0.0.1:9/hook', retryBaseMs: 1, maxAttempts: 3 });
    await pay('4242424242424242');
    await until(async () => (await sim.control.deliveries()).length === 3);
    await new Promise((r) => setTimeout(r, 50));
    const log = await sim.control.deliveries();
    expect(log).toHaveLength(3);
    expect(log.every((d) => d.outcome === 'failed' && d.httpStatus === null && d.error)).toBe(true);
  });

  it('loses the next N deliveries, or all while true', async () => {
    await sim.control.loseWebhooks(1);
    await pay('4000000000000002');
    await pay('4000000000000002');
    await until(() => received.length === 1);
    const log = await sim.control.deliveries();
    expect(log.map((d) => d.outcome).sort()).toEqual(['delivered', 'lost']);
    await sim.control.loseWebhooks(true);
    await pay('4000000000000002');
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
  });

  it('duplicates each event when told, and resends an event on request', async () => {
    await sim.control.duplicateWebhooks(true);
    await pay('4000000000000002');
    await until(() => received.length === 2);
    expect(eventsOf()[0]!.id).toBe(eventsOf()[1]!.id);
    const [event] = await sim.control.events();
    await sim.control.resendEvent(event!.id);
    await until(() => received.length === 3);
    expect(eventsOf()[2]!.id).toBe(event!.id);
  });
});

describe('faults', () => {
  it('answers 503 to every /v1 call while unavailable', async () => {
    await sim.control.setUnavailable(true);
    const r = await api('GET', '/v1/payments/pay_000000000000000000000000');
    expect(r).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    // The control API and the hosted pages still answer.
    expect((await sim.control.settings()).unavailable).toBe(true);
    await sim.control.setUnavailable(false);
    expect((await api('GET', '/v1/payments/pay_000000000000000000000000')).status).toBe(404);
  });

  it('slows every /v1 answer by the latency', async () => {
    await sim.control.setLatency(300);
    const start = Date.now();
    await api('GET', '/v1/payments/pay_000000000000000000000000');
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
  });

  it('refuses bad control actions', async () => {
    await expect(sim.control.send({ action: 'setLatency', latencyMs: -1 })).rejects.toThrow(/400/);
    await expect(sim.control.setWebhook({ url: 'file:///etc/passwd' })).rejects.toThrow(/400/);
  });
});
