/**
 * Paying an invoice by card (ruling 12). The browser gets a one-time token from the provider's card form (the card
 * number never reaches us); the server asks the provider to authorise with the attempt's key as its idempotency
 * key, sends the browser to 3-D Secure when asked, captures, and records the invoice paid once. The provider's
 * answers come three ways (the call's answer, the browser's return from 3-D Secure, signed webhooks) and a minute
 * sweep asks again for anything left open; every way goes through `settle`, which only moves an attempt forward.
 */
import {
  type CardPaymentAttempt,
  type CardPaymentResult,
  type CardPaymentStatus,
  cardPaymentOutcome,
  isOpenCardPayment,
  OPEN_CARD_PAYMENT_STATUSES,
  type StartCardPayment,
} from '@junkan/shared';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { cardPayments, invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuditSource, recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import {
  CardProviderRequestError,
  CardProviderUnavailableError,
  type ProviderPayment,
} from '../../plugins/card-provider';
import { notifyInvoicePaid, recordInvoicePaid } from './invoice-payment';
import { invoiceFor, requireCurrent } from './invoice-records';

type AttemptRow = typeof cardPayments.$inferSelect;

/** An open attempt younger than this blocks a new one for the same invoice (3-D Secure may still be answered). */
const OPEN_ATTEMPT_BLOCKS_MS = 30 * 60 * 1000;
/** The sweep asks about attempts left open this long (the browser's own return normally comes first). */
export const SWEEP_AFTER_MS = 60 * 1000;
/** A 3-D Secure challenge nobody answered for this long is given up (the provider charges nothing for it). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Where the provider sends the browser back: the invoice's page, which finishes the payment. */
export const returnUrlOf = (app: FastifyInstance, invoiceId: number) =>
  `${app.config.publicUrl}/sys/invoice-management/detail/${invoiceId}`;

/** The provider's order id: the invoice and the attempt, so a webhook finds its attempt even before its id. */
export const orderIdOf = (attempt: Pick<AttemptRow, 'id' | 'invoiceId'>) =>
  `junkan-inv${attempt.invoiceId}-pay${attempt.id}`;
const attemptIdOfOrder = (orderId: string) => {
  const m = /^junkan-inv\d+-pay(\d{1,9})$/.exec(orderId);
  return m ? Number(m[1]) : null;
};

export function attemptOf(row: AttemptRow): CardPaymentAttempt {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    declineCode: row.declineCode ?? null,
    createdAt: row.createdAt.toISOString(),
    capturedAt: row.capturedAt?.toISOString() ?? null,
  };
}

export function resultOf(row: AttemptRow): CardPaymentResult {
  const outcome = cardPaymentOutcome(row.status);
  return {
    outcome,
    actionUrl: outcome === 'REQUIRES_ACTION' ? row.actionUrl : null,
    declineCode: row.declineCode ?? null,
    attempt: attemptOf(row),
  };
}

const unavailable = () => new AppError('card_provider_unavailable', 'Card provider unavailable');

/** The invoice as its discharger sees it (another company's: 404; the transporter: 403). */
async function dischargersInvoice(db: DbOrTx, session: Session, id: number, lock = false) {
  const inv = await invoiceFor(db, session, id, lock);
  if (inv.side !== 'WASTE') throw new AppError('forbidden', 'Forbidden');
  return inv;
}

/** A current, billed card invoice: the only kind paid here. */
function requirePayable(inv: typeof invoices.$inferSelect) {
  requireCurrent(inv);
  if (inv.paymentMethod !== 'CREDIT_CARD' || inv.status !== 'BILLED')
    throw new AppError('invalid_status_transition', 'Invalid status transition');
}

/** POST /invoices/{id}/card-payments/form: the provider's card form for this invoice's amount. */
export async function cardFormFor(app: FastifyInstance, caller: Caller, id: number, lang: 'ja' | 'en') {
  const inv = await dischargersInvoice(app.db, caller.session, id);
  requirePayable(inv);
  return {
    formUrl: app.cardProvider.cardFormUrl({ returnUrl: returnUrlOf(app, inv.id), lang, amount: inv.amount }),
  };
}

/** GET /invoices/{id}/card-payments: the invoice's attempts, newest first. */
export async function cardPaymentsOf(app: FastifyInstance, caller: Caller, id: number) {
  const inv = await dischargersInvoice(app.db, caller.session, id);
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
    const inv = await dischargersInvoice(tx, caller.session, id, true);
    const [same] = await tx.select().from(cardPayments).where(eq(cardPayments.attemptKey, input.attemptKey));
    if (same) {
      if (same.invoiceId !== inv.id) throw new AppError('invalid_request', 'Attempt key of another invoice');
      return same;
    }
    requirePayable(inv);
    const [open] = await tx
      .select({ id: cardPayments.id })
      .from(cardPayments)
      .where(
        and(
          eq(cardPayments.invoiceId, inv.id),
          inArray(cardPayments.status, [...OPEN_CARD_PAYMENT_STATUSES]),
          gt(cardPayments.updatedAt, new Date(Date.now() - OPEN_ATTEMPT_BLOCKS_MS)),
        ),
      )
      .limit(1);
    if (open) throw new AppError('card_payment_in_progress', 'Card payment in progress');
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
  const inv = await dischargersInvoice(app.db, caller.session, id);
  const [attempt] = await app.db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.invoiceId, inv.id), eq(cardPayments.providerPaymentId, paymentId)));
  if (!attempt) throw new AppError('card_payment_not_found', 'Card payment not found');
  if (!isOpenCardPayment(attempt.status)) return resultOf(attempt);
  return settle(app, attempt.id, await ask(() => app.cardProvider.retrieve(paymentId)), caller);
}

async function ask(call: () => Promise<ProviderPayment>): Promise<ProviderPayment> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/**
 * Asks the provider to authorise (again, with the same key: a repeat answers the first payment, never a second).
 * A token the provider no longer takes, for a key it never answered, means nothing was charged: the attempt fails.
 */
async function authorize(app: FastifyInstance, attempt: AttemptRow, source: AuditSource) {
  let payment: ProviderPayment;
  try {
    payment = await app.cardProvider.authorize({
      token: attempt.token,
      amount: attempt.amount,
      orderId: orderIdOf(attempt),
      returnUrl: attempt.returnUrl,
      idempotencyKey: attempt.attemptKey,
    });
  } catch (error) {
    if (error instanceof CardProviderUnavailableError) throw unavailable();
    if (error instanceof CardProviderRequestError) {
      app.log.warn({ attemptId: attempt.id, code: error.code }, 'card authorisation refused');
      return resultOf(await fail(app, attempt.id, source));
    }
    throw error;
  }
  return settle(app, attempt.id, payment, source);
}

async function fail(app: FastifyInstance, attemptId: number, source: AuditSource) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardPayments)
      .set({ status: 'FAILED', updatedAt: new Date() })
      .where(and(eq(cardPayments.id, attemptId), eq(cardPayments.status, 'AUTHORIZING')))
      .returning();
    const [current] = row
      ? [row]
      : await tx.select().from(cardPayments).where(eq(cardPayments.id, attemptId));
    if (row)
      await recordAudit(tx, source, {
        action: 'card_payment.failed',
        entity: 'invoice',
        entityId: row.invoiceId,
        detail: { attemptId },
      });
    return current!;
  });
}

/** How far an attempt has come: an answer never moves it back (webhooks may come late or twice). */
const RANK: Record<CardPaymentStatus, number> = {
  AUTHORIZING: 0,
  REQUIRES_ACTION: 1,
  AUTHORIZED: 2,
  CAPTURED: 3,
  DECLINED: 3,
  // Below CAPTURED: a capture reported after the attempt was given up is still recorded (or refunded).
  FAILED: 2.5,
  REFUNDED: 4,
};
const STATUS_OF: Record<ProviderPayment['status'], CardPaymentStatus> = {
  requires_action: 'REQUIRES_ACTION',
  authorized: 'AUTHORIZED',
  captured: 'CAPTURED',
  declined: 'DECLINED',
  refunded: 'REFUNDED',
};

/**
 * Moves attempt `attemptId` to what the provider answered: captures an authorised payment (the capture key is the
 * attempt's, so a repeat is harmless), and on capture records the invoice paid, in one transaction with the
 * attempt. A capture for an invoice paid meanwhile by another payment (or corrected) is refunded, so a payment is
 * kept exactly once.
 */
export async function settle(
  app: FastifyInstance,
  attemptId: number,
  answer: ProviderPayment,
  source: AuditSource,
): Promise<CardPaymentResult> {
  let payment = answer;
  if (payment.status === 'authorized') {
    const [now] = await app.db
      .select({ status: cardPayments.status })
      .from(cardPayments)
      .where(eq(cardPayments.id, attemptId));
    if (now && RANK[now.status] < RANK.CAPTURED)
      payment = await ask(() => app.cardProvider.capture(payment.id, `capture-${attemptId}`));
  }
  let duplicate = false;
  const row = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.id, attemptId))
      .for('update');
    if (!current) throw new AppError('card_payment_not_found', 'Card payment not found');
    const next = STATUS_OF[payment.status];
    if (RANK[next] <= RANK[current.status]) return current;
    const capturedAt = next === 'CAPTURED' ? new Date(payment.capturedAt ?? Date.now()) : current.capturedAt;
    const [row] = await tx
      .update(cardPayments)
      .set({
        status: next,
        providerPaymentId: payment.id,
        declineCode: payment.declineCode,
        actionUrl: payment.actionUrl,
        capturedAt,
        updatedAt: new Date(),
      })
      .where(eq(cardPayments.id, attemptId))
      .returning();
    await recordAudit(tx, source, {
      action: `card_payment.${next.toLowerCase()}`,
      entity: 'invoice',
      entityId: current.invoiceId,
      detail: { attemptId, providerPaymentId: payment.id, declineCode: payment.declineCode },
    });
    if (next === 'CAPTURED') {
      const [inv] = await tx.select().from(invoices).where(eq(invoices.id, current.invoiceId)).for('update');
      if (inv?.status === 'BILLED' && !inv.supersededAt) {
        const { changed, invoice } = await recordInvoicePaid(tx, inv.id, {
          settlementDate: tokyoDate(capturedAt ?? new Date()),
          via: 'CARD',
          paymentRef: payment.id,
          source,
        });
        if (changed) await notifyInvoicePaid(app, tx, invoice, source.session ? (source as Caller) : null);
      } else if (inv?.paymentRef !== payment.id) duplicate = true;
    }
    return row!;
  });
  if (!duplicate) return resultOf(row);
  return resultOf(await refundDuplicate(app, row, source));
}

/** Gives back a capture the invoice no longer needs (paid by another payment, or corrected meanwhile). */
async function refundDuplicate(app: FastifyInstance, row: AttemptRow, source: AuditSource) {
  const refunded = await ask(() =>
    app.cardProvider.refund(row.providerPaymentId!, undefined, `refund-${row.id}`),
  );
  app.log.warn({ attemptId: row.id, invoiceId: row.invoiceId }, 'duplicate card capture refunded');
  return app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cardPayments)
      .set({ status: refunded.status === 'refunded' ? 'REFUNDED' : row.status, updatedAt: new Date() })
      .where(eq(cardPayments.id, row.id))
      .returning();
    await recordAudit(tx, source, {
      action: 'card_payment.duplicate_refunded',
      entity: 'invoice',
      entityId: row.invoiceId,
      detail: { attemptId: row.id, providerPaymentId: row.providerPaymentId },
    });
    return updated!;
  });
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
 * an answer lost to an outage) and settles them; gives up 3-D Secure challenges nobody answered for a day.
 */
export async function sweepCardPayments(app: FastifyInstance, now = Date.now()) {
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
      if (attempt.status === 'AUTHORIZING') await authorize(app, attempt, source);
      else if (attempt.providerPaymentId) {
        const payment = await ask(() => app.cardProvider.retrieve(attempt.providerPaymentId!));
        const row = await settle(app, attempt.id, payment, source);
        if (
          row.attempt.status === 'REQUIRES_ACTION' &&
          now - attempt.createdAt.getTime() > ABANDONED_AFTER_MS
        )
          await app.db
            .update(cardPayments)
            .set({ status: 'FAILED', updatedAt: new Date() })
            .where(and(eq(cardPayments.id, attempt.id), eq(cardPayments.status, 'REQUIRES_ACTION')));
      }
      settled++;
    } catch (err) {
      app.log.warn({ err, attemptId: attempt.id }, 'card payment not settled; asked again next sweep');
    }
  }
  return { open: open.length, settled };
}
