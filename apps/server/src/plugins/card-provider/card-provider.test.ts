import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerChallenge, type CardHarness, startCardHarness } from '../../../test/card-harness';
import { TEST_CARD_KEYS } from '../../../test/test-app';
import { loadConfig } from '../../config';
import {
  type CardProvider,
  CardProviderRequestError,
  CardProviderUnavailableError,
  type CardWebhookEvent,
  CardWebhookSignatureError,
  SimulatorCardProvider,
  signWebhookBody,
} from '.';
import { readOrCreateDevCardKeys } from './card-keys';

let h: CardHarness;
let provider: CardProvider;
let keySeq = 0;
const key = () => `test-key-${++keySeq}`;
const RETURN = 'http://junkan.test/sys/invoices/7/payment';

/** What the app's handler saw; `failNext` makes it throw that many times first. */
let seen: CardWebhookEvent[] = [];
let failNext = 0;

const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const authorize = async (number: string, amount = 11_000) =>
  provider.authorize({
    token: await h.tokenFor(number),
    amount,
    orderId: 'INV-2026-0007',
    returnUrl: RETURN,
    idempotencyKey: key(),
  });

beforeAll(async () => {
  h = await startCardHarness({ listen: true });
  provider = h.t.app.cardProvider;
  h.t.app.cardProvider.onWebhook(async (event) => {
    if (failNext > 0) {
      failNext--;
      throw new Error('handler failed');
    }
    seen.push(event);
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  seen = [];
  failNext = 0;
});

describe('card provider adapter (simulator)', () => {
  it('gives the hosted form URL with the publishable key, return URL, language and amount', async () => {
    const url = new URL(provider.cardFormUrl({ returnUrl: RETURN, lang: 'en', amount: 11_000 }));
    expect(url.origin + url.pathname).toBe(`${h.sim.url}/hosted/card-form`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: TEST_CARD_KEYS.publishableKey,
      return_url: RETURN,
      lang: 'en',
      amount: '11000',
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('¥11,000');
  });

  it.each([
    ['4242424242424242', 'authorized', null],
    ['4000000000009995', 'declined', 'insufficient_funds'],
    ['4000000000000069', 'declined', 'expired_card'],
    ['4000000000000002', 'declined', 'card_declined'],
    ['4000000000000119', 'declined', 'processing_error'],
  ])('authorizes card %s -> %s (%s)', async (number, status, declineCode) => {
    const p = await authorize(number);
    expect(p).toMatchObject({
      status,
      declineCode,
      amount: 11_000,
      orderId: 'INV-2026-0007',
      actionUrl: null,
    });
    expect(p.id).toMatch(/^pay_/);
    expect(await provider.retrieve(p.id)).toEqual(p);
  });

  it('sends 3-D Secure cards to the challenge; the password decides; then capture and refund', async () => {
    const p = await authorize('4000000000003220');
    expect(p.status).toBe('requires_action');
    expect(p.actionUrl).toBe(`${h.sim.url}/3ds/challenge/${p.id}`);
    expect(await answerChallenge(p.actionUrl!, 'password')).toBe(`${RETURN}?payment_id=${p.id}`);
    expect((await provider.retrieve(p.id)).status).toBe('authorized');

    const captured = await provider.capture(p.id, key());
    expect(captured.status).toBe('captured');
    expect(captured.capturedAt).not.toBeNull();
    const part = await provider.refund(p.id, 1_000, key());
    expect(part).toMatchObject({ status: 'captured', refundedAmount: 1_000 });
    const rest = await provider.refund(p.id, undefined, key());
    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 11_000 });

    const failed = await authorize('4000000000003220');
    await answerChallenge(failed.actionUrl!, 'wrong');
    expect(await provider.retrieve(failed.id)).toMatchObject({
      status: 'declined',
      declineCode: 'three_d_secure_failed',
    });
  });

  it('cancels a payment waiting for 3-D Secure, once per key; a captured one is payment_state_invalid', async () => {
    const p = await authorize('4000000000003220');
    const cancelled = await provider.cancel(p.id, 'cancel-a');
    expect(cancelled).toMatchObject({ id: p.id, status: 'cancelled', actionUrl: null });
    expect(await provider.cancel(p.id, 'cancel-a')).toEqual(cancelled);
    await answerChallenge(p.actionUrl!, 'password');
    expect((await provider.retrieve(p.id)).status).toBe('cancelled');
    await until(() => seen.some((e) => e.type === 'payment.cancelled' && e.payment.id === p.id));

    const paid = await authorize('4242424242424242');
    await provider.capture(paid.id, key());
    await expect(provider.cancel(paid.id, key())).rejects.toMatchObject({
      name: 'CardProviderRequestError',
      status: 409,
      code: 'payment_state_invalid',
    });
  });

  it('answers the same payment for a retried idempotency key', async () => {
    const token = await h.tokenFor('4242424242424242');
    const req = { token, amount: 500, orderId: 'A', returnUrl: RETURN, idempotencyKey: 'retry-me' };
    const first = await provider.authorize(req);
    const again = await provider.authorize(req);
    expect(again.id).toBe(first.id);
    expect(await h.sim.control.payments()).toHaveLength(1);
  });

  it("turns the provider's refusals into CardProviderRequestError with its code", async () => {
    const token = await h.tokenFor('4242424242424242');
    const req = { token, amount: 500, orderId: 'A', returnUrl: RETURN };
    await provider.authorize({ ...req, idempotencyKey: key() });
    const used = await provider.authorize({ ...req, idempotencyKey: key() }).catch((e) => e);
    expect(used).toBeInstanceOf(CardProviderRequestError);
    expect(used).toMatchObject({ status: 400, code: 'token_invalid' });

    const declined = await authorize('4000000000000002');
    await expect(provider.capture(declined.id, key())).rejects.toMatchObject({
      status: 409,
      code: 'payment_state_invalid',
    });
    await expect(provider.retrieve('pay_ffffffffffffffffffffffff')).rejects.toMatchObject({ status: 404 });

    const wrongKey = new SimulatorCardProvider({
      ...h.t.app.config.cardProvider,
      secretKey: 'sk_test_wrong',
    });
    await expect(wrongKey.retrieve(declined.id)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('reports an unavailable provider, one that cannot be reached and one too slow as unavailable', async () => {
    await h.sim.control.setUnavailable(true);
    const down = await provider.retrieve('pay_ffffffffffffffffffffffff').catch((e) => e);
    expect(down).toBeInstanceOf(CardProviderUnavailableError);
    expect(down).toMatchObject({ reason: 'server_error', status: 503 });
    await h.sim.control.setUnavailable(false);

    const nowhere = new SimulatorCardProvider({ ...h.t.app.config.cardProvider, url: 'http://127.0.0.1:9' });
    await expect(nowhere.retrieve('pay_x')).rejects.toMatchObject({
      name: 'CardProviderUnavailableError',
      reason: 'network',
    });

    await h.sim.control.setLatency(1_000);
    const impatient = new SimulatorCardProvider({ ...h.t.app.config.cardProvider, timeoutMs: 200 });
    const started = Date.now();
    const slow = await impatient.retrieve('pay_ffffffffffffffffffffffff').catch((e) => e);
    expect(slow).toBeInstanceOf(CardProviderUnavailableError);
    expect(slow.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('POST /api/card-provider/webhook', () => {
  const event = (type = 'payment.captured') =>
    JSON.stringify({
      id: 'evt_test',
      type,
      created: new Date().toISOString(),
      data: {
        payment: {
          id: 'pay_000000000000000000000001',
          status: 'captured',
          amount: 11_000,
          order_id: 'INV-1',
          action_url: null,
          decline_code: null,
          captured_at: new Date().toISOString(),
          refunded_amount: 0,
        },
      },
    });
  const now = () => Math.floor(Date.now() / 1000);
  // Raw inject: the signature covers the exact bytes, which the test kit's JSON calls would re-encode.
  const post = (body: string, signature?: string) =>
    h.t.app.inject({
      method: 'POST',
      url: '/api/card-provider/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'junkan-card-signature': signature } : {}),
      },
      payload: body,
    });

  it('hands a delivery from the provider to the registered handler', async () => {
    const p = await authorize('4242424242424242');
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({
      type: 'payment.authorized',
      payment: { id: p.id, status: 'authorized' },
    });
    const log = await h.sim.control.deliveries();
    expect(log.map((d) => [d.outcome, d.httpStatus])).toEqual([['delivered', 200]]);
  });

  it('answers 500 while a handler fails, so the provider sends the event again', async () => {
    failNext = 1;
    await authorize('4000000000009995');
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ type: 'payment.failed', payment: { declineCode: 'insufficient_funds' } });
    const log = await h.sim.control.deliveries();
    expect(log.map((d) => [d.attempt, d.httpStatus])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('accepts a correct signature over the exact bytes', async () => {
    const body = event();
    const res = await post(body, signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(seen.map((e) => e.id)).toEqual(['evt_test']);
  });

  it.each([
    ['missing', () => undefined],
    ['forged (another secret)', (body: string) => signWebhookBody('whsec_forged', body, now())],
    ['for other bytes', (body: string) => signWebhookBody(TEST_CARD_KEYS.webhookSecret, `${body} `, now())],
    [
      'stale (6 minutes old)',
      (body: string) => signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now() - 360),
    ],
    ['from the future', (body: string) => signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now() + 360)],
    ['malformed', () => 't=abc,v1=zz'],
  ])('refuses a signature that is %s with 400, the handler untouched', async (_name, sign) => {
    const body = event();
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('card_webhook_signature_invalid');
    expect(seen).toEqual([]);
  });

  it('refuses a signed body that is not an event, and any body not sent as JSON still gets checked', async () => {
    const body = '{"hello":"world"}';
    const res = await post(body, signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now()));
    expect(res.statusCode).toBe(400);
    const plain = event();
    const asText = await h.t.app.inject({
      method: 'POST',
      url: '/api/card-provider/webhook',
      headers: {
        'content-type': 'text/plain',
        'junkan-card-signature': signWebhookBody(TEST_CARD_KEYS.webhookSecret, plain, now()),
      },
      payload: plain,
    });
    expect(asText.statusCode).toBe(200);
  });

  it('answers 200 when no feature registered a handler', async () => {
    const other = await h.t.sibling();
    const body = event();
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/card-provider/webhook',
      headers: {
        'content-type': 'application/json',
        'junkan-card-signature': signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now()),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  });

  it('verifies with the provider in the adapter too (CardWebhookSignatureError)', () => {
    const body = Buffer.from(event());
    expect(() => provider.verifyWebhook(body, undefined)).toThrow(CardWebhookSignatureError);
    const ok = provider.verifyWebhook(body, signWebhookBody(TEST_CARD_KEYS.webhookSecret, body, now()));
    expect(ok).toMatchObject({ id: 'evt_test', type: 'payment.captured', payment: { orderId: 'INV-1' } });
  });
});

describe('card provider configuration', () => {
  it('needs the keys with DATABASE_URL, and takes them from the environment', () => {
    const base = { DATA_DIR: '/srv/junkan', DATABASE_URL: 'postgres://x@127.0.0.1/junkan' };
    expect(() => loadConfig(base)).toThrow(/CARD_PROVIDER_SECRET_KEY/);
    const config = loadConfig({
      ...base,
      CARD_PROVIDER_URL: 'http://card.internal:3310/',
      CARD_PROVIDER_PUBLISHABLE_KEY: 'pk',
      CARD_PROVIDER_SECRET_KEY: 'sk',
      CARD_PROVIDER_WEBHOOK_SECRET: 'wh',
    });
    expect(config.cardProvider).toEqual({
      provider: 'simulator',
      url: 'http://card.internal:3310',
      publicUrl: 'http://card.internal:3310',
      publishableKey: 'pk',
      secretKey: 'sk',
      webhookSecret: 'wh',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ DATA_DIR: '/srv/junkan', CARD_PROVIDER: 'paypay' })).toThrow(/CARD_PROVIDER/);
  });

  it('generates development keys once into the data folder for the embedded database', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'junkan-card-keys-'));
    try {
      const first = readOrCreateDevCardKeys(dir);
      expect(first.secretKey).toMatch(/^sk_test_[0-9a-f]{48}$/);
      expect(readOrCreateDevCardKeys(dir)).toEqual(first);
      const file = path.join(dir, 'card-provider-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
