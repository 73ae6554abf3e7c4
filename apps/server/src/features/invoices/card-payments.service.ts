/**
 * Paying an invoice by card (ruling 12). The browser gets a one-time token from the provider's card form (the card
 * number never reaches us); the server asks the provider to authorise with the attempt's key as its idempotency
 * key, sends the browser to 3-D Secure when asked, captures, and records the invoice paid once. The provider's
 * answers come three ways (the call's answer, the browser's return from 3-D Secure, signed webhooks) and a minute
 * sweep asks again for anything left open; every way goes through `settle` (`card-payment-steps.ts`), which only
 * moves an attempt forward. A discharger who left 3-D Secure comes back to the open attempt from the invoice: resume
 * it (the same challenge) or cancel it at the provider and start afresh.
 */
import type { CardPaymentResult, StartCardPayment } from '@junkan/shared/api/card-payments';
import {
  cardPaymentAttemptActions,
  isOpenCardPayment,
  OPEN_CARD_PAYMENT_STATUSES,
} from '@junkan/shared/card-payments';
import { appLink, paths } from '@junkan/shared/paths';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { cardPayments, type invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, systemSource } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import type { ProviderPayment } from '../../plugins/card-provider';
import {
  advance,
  attemptIdOfOrder,
  attemptOf,
  authorize,
  cancelAttempt,
  refresh,
  resultOf,
  settle,
} from './card-payment-steps';
import { invoiceFor, requireCurrent, requireNotPaid } from './invoice-records';

/** An open attempt younger than this blocks a new one for the same invoice (3-D Secure may still be answered). */
const OPEN_ATTEMPT_BLOCKS_MS = 30 * 60 * 1000;
/** The sweep asks about attempts left open this long (the browser's own return normally comes first). */
export const SWEEP_AFTER_MS = 60 * 1000;
/** A 3-D Secure challenge nobody answered for this long is cancelled at the provider (nothing is charged). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Where the provider sends the browser back: the invoice's page, which finishes the payment. */
export const returnUrlOf = (app: FastifyInstance, invoiceId: number) =>
  appLink(app.config.publicUrl, paths.invoiceDetail.to(invoiceId));

/** The invoice as its discharger sees it (another company's: 404; the transporter: 403). */
async function dischargersInvoice(db: DbOrTx, caller: Caller, id: number, lock = false) {
  const inv = await invoiceFor(db, caller, id, lock);
  if (inv.side !== 'WASTE') throw new AppError('forbidden', 'Forbidden');
  return inv;
}

/** A current, billed card invoice: the only kind paid here (one paid already, in another tab say: 409 its own code). */
function requirePayable(inv: typeof invoices.$inferSelect) {
  requireCurrent(inv);
  requireNotPaid(inv);
  if (inv.paymentMethod !== 'CREDIT_CARD' || inv.status !== 'BILLED')
    throw new AppError('invalid_status_transition', 'Invalid status transition');
}

/**
 * Refuses a new attempt (and a correction of the invoice) while an attempt of it is open and recent (no double
 * charge, no charge of an amount the invoice no longer asks for). The discharger
 * resumes or cancels it from the invoice (`actions`); one nobody comes back to stops blocking after 30 minutes.
 */
export async function requireNoOpenAttempt(db: DbOrTx, invoiceId: number, now: Date) {
  const [open] = await db
    .select({ id: cardPayments.id })
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.invoiceId, invoiceId),
        inArray(cardPayments.status, [...OPEN_CARD_PAYMENT_STATUSES]),
        gt(cardPayments.updatedAt, new Date(now.getTime() - OPEN_ATTEMPT_BLOCKS_MS)),
      ),
    )
    .limit(1);
  if (open) throw new AppError('card_payment_in_progress', 'Card payment in progress');
}

/**
 * POST /invoices/{id}/card-payments/form: the provider's card form for this invoice's amount; refused while an
 * attempt is open, before the card holder types the card in for nothing.
 */
export async function cardFormFor(app: FastifyInstance, caller: Caller, id: number, lang: 'ja' | 'en') {
  const inv = await dischargersInvoice(app.db, caller, id);
  requirePayable(inv);
  await requireNoOpenAttempt(app.db, inv.id, app.now());
  return {
    formUrl: app.cardProvider.cardFormUrl({ returnUrl: returnUrlOf(app, inv.id), lang, amount: inv.amount }),
  };
}

/** GET /invoices/{id}/card-payments: the invoice's attempts, newest first. */
export async function cardPaymentsOf(app: FastifyInstance, caller: Caller, id: number) {
  const inv = await dischargersInvoice(app.db, caller, id);
  const rows = await app.db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.invoiceId, inv.id))
    .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id));
  return rows.map(attemptOf);
}

/**
 * POST /invoices/{id}/card-payments: pays with the card form's token. The attempt is written first (the invoice
 * locked), so the same `attemptKey` answers the same attempt, and a second attempt waits while one is open.
 */
export async function startCardPayment(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: StartCardPayment,
): Promise<CardPaymentResult> {
  const attempt = await app.db.transaction(async (tx) => {
    const inv = await dischargersInvoice(tx, caller, id, true);
    const [same] = await tx.select().from(cardPayments).where(eq(cardPayments.attemptKey, input.attemptKey));
    if (same) {
      if (same.invoiceId !== inv.id) throw new AppError('invalid_request', 'Attempt key of another invoice');
      return same;
    }
    requirePayable(inv);
    await requireNoOpenAttempt(tx, inv.id, app.now());
    const [row] = await tx
      .insert(cardPayments)
      .values({
        invoiceId: inv.id,
        dischargerCompanyId: inv.dischargerCompanyId,
        amount: inv.amount,
        attemptKey: input.attemptKey,
        token: input.token,
        returnUrl: returnUrlOf(app, inv.id),
        status: 'AUTHORIZING',
        createdBy: caller.session.userId,
        actingAdminId: caller.session.adminId ?? null,
      })
      .returning();
    await recordAudit(tx, caller, {
      action: 'card_payment.started',
      entity: 'invoice',
      entityId: inv.id,
      detail: { attemptId: row!.id, amount: inv.amount },
    });
    return row!;
  });
  if (attempt.status !== 'AUTHORIZING') return resultOf(attempt);
  return authorize(app, attempt, caller);
}

/** POST /invoices/{id}/card-payments/confirm: back from 3-D Secure; the provider says how it ended. */
export async function confirmCardPayment(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  paymentId: string,
): Promise<CardPaymentResult> {
  const inv = await dischargersInvoice(app.db, caller, id);
  const [attempt] = await app.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.invoiceId, inv.id), eq(cardPayments.providerPaymentId, paymentId)));
  if (!attempt) throw new AppError('card_payment_not_found', 'Card payment not found');
  if (!isOpenCardPayment(attempt.status)) return resultOf(attempt);
  return refresh(app, attempt, caller);
}

/** The discharger's attempt `attemptId` of invoice `id` (of another invoice, or none: 404). */
async function dischargersAttempt(app: FastifyInstance, caller: Caller, id: number, attemptId: number) {
  const inv = await dischargersInvoice(app.db, caller, id);
  const [attempt] = await app.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.id, attemptId), eq(cardPayments.invoiceId, inv.id)));
  if (!attempt) throw new AppError('card_payment_not_found', 'Card payment not found');
  return attempt;
}

/**
 * POST /invoices/{id}/card-payments/{attemptId}/resume: the discharger came back to an attempt left open. The
 * provider is asked again with the attempt's own keys: a challenge still waiting answers the same challenge page,
 * one answered meanwhile (another tab) is settled; an attempt already over answers how it ended.
 */
export async function resumeCardPayment(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  attemptId: number,
): Promise<CardPaymentResult> {
  const attempt = await dischargersAttempt(app, caller, id, attemptId);
  if (!cardPaymentAttemptActions(attempt.status).includes('RESUME')) return resultOf(attempt);
  return advance(app, attempt, caller);
}

/**
 * POST /invoices/{id}/card-payments/{attemptId}/cancel: gives up a 3-D Secure challenge left unanswered, so a fresh
 * attempt (a new key) can start. An attempt already over answers how it ended (paid, declined, cancelled); one being
 * finished (AUTHORIZING, AUTHORIZED) is not cancelled: the card holder may already have said yes.
 */
export async function cancelCardPayment(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  attemptId: number,
): Promise<CardPaymentResult> {
  const attempt = await dischargersAttempt(app, caller, id, attemptId);
  if (cardPaymentAttemptActions(attempt.status).includes('CANCEL'))
    return cancelAttempt(app, attempt, caller);
  if (isOpenCardPayment(attempt.status))
    throw new AppError('card_payment_in_progress', 'Card payment in progress');
  return resultOf(attempt);
}

/** A verified webhook: finds its attempt by the provider's id, or by the order id when it outran the answer. */
export async function onCardWebhook(app: FastifyInstance, payment: ProviderPayment) {
  let [attempt] = await app.db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.providerPaymentId, payment.id));
  const byOrder = attemptIdOfOrder(payment.orderId);
  if (!attempt && byOrder)
    [attempt] = await app.db.select().from(cardPayments).where(eq(cardPayments.id, byOrder));
  if (!attempt) {
    app.log.warn({ providerPaymentId: payment.id }, 'card webhook for an unknown payment');
    return;
  }
  await settle(app, attempt.id, payment, systemSource('card-webhook'));
}

/**
 * The minute sweep: asks the provider about attempts left open (a lost webhook, a browser that never came back,
 * an answer lost to an outage) and settles them; cancels at the provider 3-D Secure challenges nobody answered for
 * a day (so nobody can answer them later).
 */
export async function sweepCardPayments(app: FastifyInstance, now = app.now().getTime()) {
  const source = systemSource('card-sweep');
  const open = await app.db
    .select()
    .from(cardPayments)
    .where(
      and(
        inArray(cardPayments.status, [...OPEN_CARD_PAYMENT_STATUSES]),
        lt(cardPayments.updatedAt, new Date(now - SWEEP_AFTER_MS)),
      ),
    )
    .orderBy(asc(cardPayments.updatedAt))
    .limit(100);
  let settled = 0;
  for (const attempt of open) {
    try {
      const row = await advance(app, attempt, source);
      if (row.attempt.status === 'REQUIRES_ACTION' && now - attempt.createdAt.getTime() > ABANDONED_AFTER_MS)
        await cancelAttempt(app, attempt, source);
      settled++;
    } catch (err) {
      app.log.warn({ err, attemptId: attempt.id }, 'card payment not settled; asked again next sweep');
    }
  }
  return { open: open.length, settled };
}
