import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerChallenge, type CardHarness, startCardHarness } from '../../../test/card-harness';
import { DIS, DIS2, TRANS } from '../../../test/fixtures/demo-data';
import { monthSequence } from '../../../test/fixtures/invoices';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import type { TestContext } from '../../../test/test-app';
import {
  auditLogs,
  cardPayments,
  contracts,
  invoiceSends,
  invoices,
  mailOutbox,
  projects,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { sweepCardPayments } from './card-payments.service';

/**
 * Paying a card invoice against the card simulator in this process, with the app listening so the simulator's
 * webhooks reach it: the card form's token, 3-D Secure, declines, the provider down, lost and repeated webhooks.
 */
let h: CardHarness;
let t: TestContext;
let projectId: number;

const CARD = {
  ok: '4242424242424242',
  secure: '4000000000003220',
  insufficient: '4000000000009995',
  expired: '4000000000000069',
  declined: '4000000000000002',
  processing: '4000000000000119',
};

/** Each invoice bills a month of its own (a month billed twice would wait for a confirmation). */
const nextMonth = monthSequence();

/** A billed invoice of `amount` yen, paid as the contract says (card unless told). */
async function billedInvoice(amount = 33000, method: 'CREDIT_CARD' | 'PAYMENT_INVOICE' = 'CREDIT_CARD') {
  await t.db.update(contracts).set({ paymentMethod: method }).where(eq(contracts.projectId, projectId));
  const billedMonth = nextMonth();
  const body = multipartForm(
    {
      data: JSON.stringify({
        projectId,
        invoices: [{ billedMonth, billingDate: '2026-11-25', dueDate: '2026-12-31', amount }],
      }),
    },
    [{ field: 'files.0', name: '請求書.pdf', content: samplePdf() }],
  );
  const res = await t.as(TRANS).post('/trans/invoices', body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json<{ id: number }[]>()[0]!.id;
  expect((await t.as(TRANS).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);
  return id;
}

const pay = (id: number, token: string, attemptKey = randomUUID(), who = DIS) =>
  t.as(who).post(`/invoices/${id}/card-payments`, { token, attemptKey });
const detail = async (id: number) => (await t.as(DIS).get(`/invoices/${id}`)).json();

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  h = await startCardHarness({ listen: true });
  t = h.t;
  const [p] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
  projectId = p!.id;
});
afterAll(() => h?.close());
beforeEach(() => h.reset());

describe('paying a card invoice', () => {
  it('gives the card form for the amount, returning to the invoice page', async () => {
    const id = await billedInvoice(12345);
    const res = await t.as(DIS).post(`/invoices/${id}/card-payments/form`, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().formUrl);
    expect(url.origin).toBe(h.sim.url);
    expect(url.searchParams.get('amount')).toBe('12345');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('return_url')).toMatch(new RegExp(`/sys/invoice-management/detail/${id}$`));
  });

  it('pays without 3-D Secure: captured, the invoice PAID by card, both parties mailed, once per key', async () => {
    const id = await billedInvoice();
    const key = randomUUID();
    const token = await h.tokenFor(CARD.ok);
    const res = await pay(id, token, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'PAID', declineCode: null, attempt: { status: 'CAPTURED' } });

    const inv = await detail(id);
    // Settled on the day of the capture, in Japan.
    expect(inv).toMatchObject({ status: 'PAID', settlementDate: tokyoDate(new Date()) });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ paidVia: 'CARD', paymentRef: expect.stringMatching(/^pay_/) });

    // The same attempt again (a double click, a reload): the same attempt, no second charge.
    const again = await pay(id, token, key);
    expect(again.json().attempt.id).toBe(res.json().attempt.id);
    expect(await h.sim.control.payments()).toHaveLength(1);

    const sends = await t.db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, id));
    const paidMail = sends.filter((s) => s.kind === 'PAID_MAIL');
    expect(paidMail).toHaveLength(1);
    expect(paidMail[0]!.recipients).toBeGreaterThanOrEqual(2); // the discharger and the transporter's copy
    const mails = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, paidMail[0]!.outboxIds));
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('クレジットカードでのお支払い完了'),
        expect.stringContaining('クレジットカード決済完了'),
      ]),
    );
  });

  it('sends the browser to 3-D Secure, and pays once the right password comes back', async () => {
    const id = await billedInvoice();
    const res = await pay(id, await h.tokenFor(CARD.secure));
    expect(res.json()).toMatchObject({ outcome: 'REQUIRES_ACTION', attempt: { status: 'REQUIRES_ACTION' } });
    const back = new URL(await answerChallenge(res.json().actionUrl, 'password'));
    expect(back.pathname).toBe(`/sys/invoice-management/detail/${id}`);
    const paymentId = back.searchParams.get('payment_id')!;
    const confirmed = await t.as(DIS).post(`/invoices/${id}/card-payments/confirm`, { paymentId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().outcome).toBe('PAID');
    expect((await detail(id)).status).toBe('PAID');
  });

  it('declines a failed 3-D Secure with its reason, and lets the discharger try again', async () => {
    const id = await billedInvoice();
    const res = await pay(id, await h.tokenFor(CARD.secure));
    const back = new URL(await answerChallenge(res.json().actionUrl, 'wrong'));
    const paymentId = back.searchParams.get('payment_id')!;
    const confirmed = await t.as(DIS).post(`/invoices/${id}/card-payments/confirm`, { paymentId });
    expect(confirmed.json()).toMatchObject({ outcome: 'DECLINED', declineCode: 'three_d_secure_failed' });
    expect((await detail(id)).status).toBe('BILLED');
    expect((await pay(id, await h.tokenFor(CARD.ok))).json().outcome).toBe('PAID');
  });

  it.each([
    [CARD.insufficient, 'insufficient_funds'],
    [CARD.expired, 'expired_card'],
    [CARD.declined, 'card_declined'],
    [CARD.processing, 'processing_error'],
  ])('answers card %s declined with %s, the invoice still BILLED', async (card, code) => {
    const id = await billedInvoice();
    const res = await pay(id, await h.tokenFor(card));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'DECLINED',
      declineCode: code,
      attempt: { status: 'DECLINED' },
    });
    expect((await detail(id)).status).toBe('BILLED');
    const attempts = (await t.as(DIS).get(`/invoices/${id}/card-payments`)).json();
    expect(attempts[0]).toMatchObject({ status: 'DECLINED', declineCode: code });
  });
});

describe('faults', () => {
  it('answers 503 while the provider is down, blocks a second attempt, and the same key pays once it is back', async () => {
    const id = await billedInvoice();
    const token = await h.tokenFor(CARD.ok);
    const key = randomUUID();
    await h.sim.control.setUnavailable(true);
    const down = await pay(id, token, key);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('card_provider_unavailable');
    const [open] = await t.db.select().from(cardPayments).where(eq(cardPayments.attemptKey, key));
    expect(open!.status).toBe('AUTHORIZING');
    expect((await pay(id, await h.tokenFor(CARD.ok))).statusCode).toBe(409);

    await h.sim.control.setUnavailable(false);
    expect((await pay(id, token, key)).json().outcome).toBe('PAID');
    expect(await h.sim.control.payments()).toHaveLength(1);
  });

  it('settles from the webhook alone when the browser never comes back from 3-D Secure', async () => {
    const id = await billedInvoice();
    const res = await pay(id, await h.tokenFor(CARD.secure));
    await answerChallenge(res.json().actionUrl, 'password');
    const paid = await until(
      () => detail(id),
      (d) => d.status === 'PAID',
    );
    expect(paid.status).toBe('PAID');
  });

  it('recovers a payment whose webhooks are lost and whose browser never came back (the sweep asks)', async () => {
    const id = await billedInvoice();
    await h.sim.control.loseWebhooks(true);
    const res = await pay(id, await h.tokenFor(CARD.secure));
    await answerChallenge(res.json().actionUrl, 'password');
    await new Promise((r) => setTimeout(r, 300));
    expect((await detail(id)).status).toBe('BILLED');

    const run = await sweepCardPayments(t.app, Date.now() + 2 * 60_000);
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect((await detail(id)).status).toBe('PAID');
  });

  it('records a payment once however often its webhooks arrive', async () => {
    const id = await billedInvoice();
    await h.sim.control.duplicateWebhooks(true);
    const res = await pay(id, await h.tokenFor(CARD.secure));
    await answerChallenge(res.json().actionUrl, 'password');
    await until(
      () => detail(id),
      (d) => d.status === 'PAID',
    );
    // Let the repeated deliveries land, then ask the provider to send every event once more.
    await until(
      () => h.sim.control.deliveries(),
      (d) => d.length >= 4,
    );
    for (const event of await h.sim.control.events()) await h.sim.control.resendEvent(event.id);
    await new Promise((r) => setTimeout(r, 300));
    const sends = await t.db
      .select()
      .from(invoiceSends)
      .where(and(eq(invoiceSends.invoiceId, id), eq(invoiceSends.kind, 'PAID_MAIL')));
    expect(sends).toHaveLength(1);
    const captured = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), like(auditLogs.action, 'card_payment.captured')));
    expect(captured).toHaveLength(1);
  });

  it('answers a second tab paying an invoice paid already 409 invoice_already_paid, charging nothing', async () => {
    const id = await billedInvoice();
    // Both tabs had the card form before either paid.
    const [first, second] = [await h.tokenFor(CARD.ok), await h.tokenFor(CARD.ok)];
    expect((await pay(id, first)).json().outcome).toBe('PAID');
    const again = await pay(id, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice_already_paid');
    const form = await t.as(DIS).post(`/invoices/${id}/card-payments/form`, { lang: 'ja' });
    expect(form.statusCode).toBe(409);
    expect(form.json().code).toBe('invoice_already_paid');
    expect(await h.sim.control.payments()).toHaveLength(1);
    expect(await t.db.select().from(cardPayments).where(eq(cardPayments.invoiceId, id))).toHaveLength(1);
  });

  it('refunds a second capture for an invoice already paid', async () => {
    const id = await billedInvoice();
    expect((await pay(id, await h.tokenFor(CARD.ok))).json().outcome).toBe('PAID');
    const [first] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    // A second attempt that got past the screen (another tab before the first was paid), left for the sweep.
    const [second] = await t.db
      .insert(cardPayments)
      .values({
        invoiceId: id,
        dischargerCompanyId: first!.dischargerCompanyId,
        amount: first!.amount,
        attemptKey: randomUUID(),
        token: await h.tokenFor(CARD.ok),
        returnUrl: 'http://junkan.test/return',
        status: 'AUTHORIZING',
        updatedAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    await sweepCardPayments(t.app);
    // The capture's webhook may settle it first, and refund it on its own path: wait for the refund either way.
    const after = await until(
      async () => (await t.db.select().from(cardPayments).where(eq(cardPayments.id, second!.id)))[0],
      (row) => row?.status === 'REFUNDED',
    );
    expect(after!.status).toBe('REFUNDED');
    // Its tab coming back hears the charge was given back, not that it paid.
    const back = await t.as(DIS).post(`/invoices/${id}/card-payments/${second!.id}/resume`);
    expect(back.json()).toMatchObject({ outcome: 'REFUNDED', attempt: { status: 'REFUNDED' } });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(inv!.paymentRef).toBe(first!.paymentRef);
    const refunded = (await h.sim.control.payments()).filter((p) => p.status === 'refunded');
    expect(refunded).toHaveLength(1);
  });
});

describe('coming back to a 3-D Secure challenge left open', () => {
  const resume = (id: number, attemptId: number, who = DIS) =>
    t.as(who).post(`/invoices/${id}/card-payments/${attemptId}/resume`);
  const cancel = (id: number, attemptId: number, who = DIS) =>
    t.as(who).post(`/invoices/${id}/card-payments/${attemptId}/cancel`);
  const confirm = (id: number, location: string) =>
    t.as(DIS).post(`/invoices/${id}/card-payments/confirm`, {
      paymentId: new URL(location).searchParams.get('payment_id'),
    });
  const captures = async () => (await h.sim.control.payments()).filter((p) => p.status === 'captured');
  const paidMails = (id: number) =>
    t.db
      .select()
      .from(invoiceSends)
      .where(and(eq(invoiceSends.invoiceId, id), eq(invoiceSends.kind, 'PAID_MAIL')));

  /** A 3-D Secure attempt whose challenge page the discharger left: the invoice and the attempt's answer. */
  async function abandoned() {
    const id = await billedInvoice();
    const res = await pay(id, await h.tokenFor(CARD.secure));
    expect(res.json().outcome).toBe('REQUIRES_ACTION');
    return { id, started: res.json() as { actionUrl: string; attempt: { id: number } } };
  }

  it('shows the open attempt with its actions, refuses a second one and the card form, and resumes the same challenge', async () => {
    const { id, started } = await abandoned();
    const attempts = (await t.as(DIS).get(`/invoices/${id}/card-payments`)).json();
    expect(attempts[0]).toMatchObject({
      id: started.attempt.id,
      status: 'REQUIRES_ACTION',
      actions: ['RESUME', 'CANCEL'],
    });
    const second = await pay(id, await h.tokenFor(CARD.ok));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('card_payment_in_progress');
    const form = await t.as(DIS).post(`/invoices/${id}/card-payments/form`, { lang: 'ja' });
    expect(form.statusCode).toBe(409);
    expect(form.json().code).toBe('card_payment_in_progress');

    const resumed = await resume(id, started.attempt.id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      outcome: 'REQUIRES_ACTION',
      actionUrl: started.actionUrl,
      attempt: { id: started.attempt.id },
    });
    const back = await answerChallenge(resumed.json().actionUrl, 'password');
    expect((await confirm(id, back)).json().outcome).toBe('PAID');
    expect((await detail(id)).status).toBe('PAID');
    expect(await h.sim.control.payments()).toHaveLength(1);
    // Once paid, the attempt has nothing left to do, and resuming it answers how it ended.
    expect((await resume(id, started.attempt.id)).json()).toMatchObject({
      outcome: 'PAID',
      attempt: { actions: [] },
    });
  });

  it('refuses a correction of the invoice while its card attempt is open: the charge is of the amount billed', async () => {
    const { id, started } = await abandoned();
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json<{ files: { id: number }[] }>().files;
    const body = multipartForm({
      data: JSON.stringify({
        billingDate: '2026-11-25',
        dueDate: '2026-12-31',
        amount: 99_999,
        keepFileIds: files.map((f) => f.id),
      }),
    });
    const res = await t.as(TRANS).post(`/trans/invoices/${id}/corrections`, body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('card_payment_in_progress');
    // The challenge answered, the invoice the card holder saw is paid, as billed.
    const back = await answerChallenge(started.actionUrl, 'password');
    expect((await confirm(id, back)).json().outcome).toBe('PAID');
    expect(await detail(id)).toMatchObject({ status: 'PAID', amount: 33000 });
  });

  it('cancels the challenge at the provider, then a fresh attempt pays once', async () => {
    const { id, started } = await abandoned();
    const cancelled = await cancel(id, started.attempt.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      outcome: 'CANCELLED',
      actionUrl: null,
      attempt: { status: 'CANCELLED', actions: [] },
    });
    const [old] = await h.sim.control.payments();
    expect(old!.status).toBe('cancelled');
    // The old challenge, answered late in a tab left open, charges nothing.
    const late = await answerChallenge(started.actionUrl, 'password');
    expect((await confirm(id, late)).json().outcome).toBe('CANCELLED');
    expect((await detail(id)).status).toBe('BILLED');

    expect((await t.as(DIS).post(`/invoices/${id}/card-payments/form`, { lang: 'ja' })).statusCode).toBe(200);
    const fresh = await pay(id, await h.tokenFor(CARD.ok));
    expect(fresh.json()).toMatchObject({ outcome: 'PAID' });
    expect(fresh.json().attempt.id).not.toBe(started.attempt.id);
    expect((await detail(id)).status).toBe('PAID');
    expect(await captures()).toHaveLength(1);
    expect(await paidMails(id)).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), eq(auditLogs.action, 'card_payment.cancelled')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userId).not.toBeNull();
  });

  it('does not cancel a challenge the card holder answered meanwhile: the invoice is paid once', async () => {
    const { id, started } = await abandoned();
    // Answered in another tab whose return and webhooks never reached junkan.
    await h.sim.control.loseWebhooks(true);
    await answerChallenge(started.actionUrl, 'password');
    const cancelled = await cancel(id, started.attempt.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ outcome: 'PAID', attempt: { status: 'CAPTURED' } });
    expect((await detail(id)).status).toBe('PAID');
    expect(await captures()).toHaveLength(1);
    expect((await h.sim.control.payments()).filter((p) => p.status === 'cancelled')).toHaveLength(0);
    // Nothing more can be paid, and asking again changes nothing.
    expect((await pay(id, await h.tokenFor(CARD.ok))).statusCode).toBe(409);
    expect((await cancel(id, started.attempt.id)).json().outcome).toBe('PAID');
    expect(await captures()).toHaveLength(1);
    expect(await paidMails(id)).toHaveLength(1);
  });

  it('records two cancels at once once, and lets only one of two fresh attempts at once through', async () => {
    const { id, started } = await abandoned();
    const both = await Promise.all([cancel(id, started.attempt.id), cancel(id, started.attempt.id)]);
    for (const res of both) expect(res.json().outcome, res.body).toBe('CANCELLED');
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), eq(auditLogs.action, 'card_payment.cancelled')));
    expect(audits).toHaveLength(1);

    const [a, b] = await Promise.all([h.tokenFor(CARD.secure), h.tokenFor(CARD.secure)]);
    const starts = await Promise.all([pay(id, a), pay(id, b)]);
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const open = await t.db
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.invoiceId, id), eq(cardPayments.status, 'REQUIRES_ACTION')));
    expect(open).toHaveLength(1);
  });

  it('resumes an attempt whose answer was lost to an outage; such an attempt cannot be cancelled', async () => {
    const id = await billedInvoice();
    await h.sim.control.setUnavailable(true);
    expect((await pay(id, await h.tokenFor(CARD.ok))).statusCode).toBe(503);
    const [attempt] = (await t.as(DIS).get(`/invoices/${id}/card-payments`)).json();
    expect(attempt).toMatchObject({ status: 'AUTHORIZING', actions: ['RESUME'] });
    expect((await resume(id, attempt.id)).statusCode).toBe(503);
    const refused = await cancel(id, attempt.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('card_payment_in_progress');

    await h.sim.control.setUnavailable(false);
    expect((await resume(id, attempt.id)).json().outcome).toBe('PAID');
    expect(await captures()).toHaveLength(1);
  });

  it('keeps the challenge open while the provider is down, and fails one the provider no longer knows', async () => {
    const { id, started } = await abandoned();
    await h.sim.control.setUnavailable(true);
    const down = await cancel(id, started.attempt.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('card_provider_unavailable');
    await h.sim.control.setUnavailable(false);
    const [still] = await t.db.select().from(cardPayments).where(eq(cardPayments.id, started.attempt.id));
    expect(still!.status).toBe('REQUIRES_ACTION');

    // The provider restarted and forgot the payment: nothing can be charged for it, a new attempt may start.
    await h.reset();
    expect((await resume(id, started.attempt.id)).json()).toMatchObject({
      outcome: 'DECLINED',
      attempt: { status: 'FAILED' },
    });
    expect((await pay(id, await h.tokenFor(CARD.ok))).json().outcome).toBe('PAID');
  });

  it('cancels at the provider a challenge nobody answered for a day (the sweep)', async () => {
    const { id, started } = await abandoned();
    await sweepCardPayments(t.app, Date.now() + 25 * 60 * 60_000);
    const [row] = await t.db.select().from(cardPayments).where(eq(cardPayments.id, started.attempt.id));
    expect(row!.status).toBe('CANCELLED');
    const [old] = await h.sim.control.payments();
    expect(old!.status).toBe('cancelled');
    await answerChallenge(started.actionUrl, 'password');
    expect((await detail(id)).status).toBe('BILLED');
  });

  it('keeps another discharger’s attempt (404), the transporter (403) and another invoice’s attempt (404) out', async () => {
    const { id, started } = await abandoned();
    const other = await billedInvoice();
    for (const call of [resume, cancel]) {
      expect((await call(id, started.attempt.id, DIS2)).statusCode).toBe(404);
      expect((await call(id, started.attempt.id, TRANS)).statusCode).toBe(403);
      const wrong = await call(other, started.attempt.id);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().code).toBe('card_payment_not_found');
      expect([400, 404]).toContain((await call(id, 0)).statusCode);
    }
    expect((await h.sim.control.payments())[0]!.status).toBe('requires_action');
  });
});

describe('who may pay, and bad input', () => {
  it('keeps the invoice from another discharger (404) and from the transporter (403)', async () => {
    const id = await billedInvoice();
    const token = await h.tokenFor(CARD.ok);
    for (const [url, body] of [
      [`/invoices/${id}/card-payments/form`, { lang: 'ja' }],
      [`/invoices/${id}/card-payments`, { token, attemptKey: randomUUID() }],
      [`/invoices/${id}/card-payments/confirm`, { paymentId: 'pay_0123456789abcdef' }],
    ] as const) {
      expect((await t.as(DIS2).post(url, body)).statusCode, url).toBe(404);
      expect((await t.as(TRANS).post(url, body)).statusCode, url).toBe(403);
    }
    expect((await t.as(DIS2).get(`/invoices/${id}/card-payments`)).statusCode).toBe(404);
    expect(await h.sim.control.payments()).toHaveLength(0);
  });

  it('lets an admin acting for the discharger pay, recorded as the admin', async () => {
    const id = await billedInvoice();
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const token = await t
      .as('admin')
      .post(`/admin/companies/${inv!.dischargerCompanyId}/auth-token?isTransport=false`);
    expect(token.statusCode, token.body).toBe(200);
    const acting = { token: token.json<{ token: string }>().token };
    const res = await t
      .as(acting)
      .post(`/invoices/${id}/card-payments`, { token: await h.tokenFor(CARD.ok), attemptKey: randomUUID() });
    expect(res.json().outcome).toBe('PAID');
    const [attempt] = await t.db.select().from(cardPayments).where(eq(cardPayments.invoiceId, id));
    expect(attempt!.actingAdminId).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), eq(auditLogs.action, 'card_payment.started')));
    expect(audits[0]!.adminId).toBe(attempt!.actingAdminId);
  });

  it('refuses a bank-transfer invoice (409) and an unknown payment id (404)', async () => {
    const transfer = await billedInvoice(5000, 'PAYMENT_INVOICE');
    expect((await pay(transfer, await h.tokenFor(CARD.ok))).statusCode).toBe(409);
    const id = await billedInvoice();
    const res = await t
      .as(DIS)
      .post(`/invoices/${id}/card-payments/confirm`, { paymentId: 'pay_0123456789abcdef' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('card_payment_not_found');
  });

  it.each([
    ['a NUL in the token', { token: 'tok_abc\u0000defghij', attemptKey: randomUUID() }],
    ['a lone surrogate', { token: 'tok_abcdefgh\ud800', attemptKey: randomUUID() }],
    ['no attempt key', { token: 'tok_abcdefghij' }],
    ['an attempt key that is no UUID', { token: 'tok_abcdefghij', attemptKey: 'x'.repeat(40) }],
    ['a card number instead of a token', { token: CARD.ok, attemptKey: randomUUID() }],
  ])('answers %s 400', async (_label, body) => {
    const id = await billedInvoice();
    const res = await t.as(DIS).post(`/invoices/${id}/card-payments`, body);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers a huge or impossible invoice id 400 or 404, never 500', async () => {
    for (const id of ['99999999999999999999', '-1', '1e3', '0'])
      expect([400, 404]).toContain((await t.as(DIS).get(`/invoices/${id}/card-payments`)).statusCode);
  });
});
