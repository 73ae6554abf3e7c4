/**
 * The steps that move a card payment attempt with the provider's answers (`card-payments.service.ts` holds the
 * calls that start them). Every answer, whichever way it comes, goes through `settle`, which only moves an attempt
 * forward; every call to the provider carries the attempt's own idempotency key, so asking again never charges twice.
 */
import type { CardPaymentAttempt, CardPaymentResult } from '@junkan/shared/api/card-payments';
import {
  type CardPaymentStatus,
  cardPaymentAttemptActions,
  cardPaymentOutcome,
} from '@junkan/shared/card-payments';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cardPayments, invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import {
  CardProviderRequestError,
  CardProviderUnavailableError,
  type ProviderPayment,
} from '../../plugins/card-provider';
import { notifyInvoicePaid, recordInvoicePaid } from './invoice-payment';

type AttemptRow = typeof cardPayments.$inferSelect;

/** The provider's order id: the invoice and the attempt, so a webhook finds its attempt even before its id. */
const orderIdOf = (attempt: Pick<AttemptRow, 'id' | 'invoiceId'>) =>
  `junkan-inv${attempt.invoiceId}-pay${attempt.id}`;
export const attemptIdOfOrder = (orderId: string) => {
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
    actions: cardPaymentAttemptActions(row.status),
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

/**
 * Cancels an attempt waiting for 3-D Secure. The provider decides, so the one-charge rule holds: its view first (a
 * challenge answered in another tab is finished and paid, never cancelled), then its cancel with the attempt's own
 * key (a challenge answered in the instant between the two is cancelled with it: the hold is released, nothing is
 * charged); a payment the cancel finds otherwise moved on or lost is settled as it stands. The attempt is CANCELLED
 * only once the provider said so, and `settle` only moves it forward, so two cancels at once record one, and a new
 * attempt never runs beside a live one (the start checks open attempts under the invoice's lock).
 */
export async function cancelAttempt(app: FastifyInstance, attempt: AttemptRow, source: AuditSource) {
  const now = await refresh(app, attempt, source);
  if (now.attempt.status !== 'REQUIRES_ACTION') return now;
  let payment: ProviderPayment;
  try {
    payment = await app.cardProvider.cancel(attempt.providerPaymentId!, `cancel-${attempt.id}`);
  } catch (error) {
    if (error instanceof CardProviderUnavailableError) throw unavailable();
    if (error instanceof CardProviderRequestError && (error.status === 404 || error.status === 409))
      return refresh(app, attempt, source);
    throw error;
  }
  return settle(app, attempt.id, payment, source);
}

/**
 * Asks the provider where an open attempt stands and settles it (the sweep does the same for attempts nobody came
 * back to): the same keys, so asking again never charges twice.
 */
export async function advance(app: FastifyInstance, attempt: AttemptRow, source: AuditSource) {
  if (attempt.status === 'AUTHORIZING') return authorize(app, attempt, source);
  return refresh(app, attempt, source);
}

/**
 * Settles an attempt with the provider's view of its payment. A payment the provider no longer knows (lost in its
 * restart) was never captured, so nothing was charged: the attempt fails and a new one may start.
 */
export async function refresh(app: FastifyInstance, attempt: AttemptRow, source: AuditSource) {
  if (!attempt.providerPaymentId) return resultOf(attempt);
  let payment: ProviderPayment;
  try {
    payment = await app.cardProvider.retrieve(attempt.providerPaymentId);
  } catch (error) {
    if (error instanceof CardProviderUnavailableError) throw unavailable();
    if (error instanceof CardProviderRequestError && error.status === 404) {
      app.log.warn({ attemptId: attempt.id }, 'card payment unknown to the provider');
      return resultOf(await fail(app, attempt.id, source, ['REQUIRES_ACTION', 'AUTHORIZED']));
    }
    throw error;
  }
  return settle(app, attempt.id, payment, source);
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
export async function authorize(app: FastifyInstance, attempt: AttemptRow, source: AuditSource) {
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

/** Records an attempt in one of `from` as FAILED (nothing charged); any other status stays as it is. */
async function fail(
  app: FastifyInstance,
  attemptId: number,
  source: AuditSource,
  from: CardPaymentStatus[] = ['AUTHORIZING'],
) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardPayments)
      .set({ status: 'FAILED', updatedAt: app.now() })
      .where(and(eq(cardPayments.id, attemptId), inArray(cardPayments.status, from)))
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
  // Final: the provider confirmed the cancel, after which it never captures.
  CANCELLED: 3,
  REFUNDED: 4,
};

const STATUS_OF: Record<ProviderPayment['status'], CardPaymentStatus> = {
  requires_action: 'REQUIRES_ACTION',
  authorized: 'AUTHORIZED',
  captured: 'CAPTURED',
  declined: 'DECLINED',
  refunded: 'REFUNDED',
  cancelled: 'CANCELLED',
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
    // Recorded by the business clock, as every date of the product (the provider keeps its own instant under
    // the payment's id): the settlement date and the screens read the business day the capture was taken.
    const capturedAt = next === 'CAPTURED' ? (current.capturedAt ?? app.now()) : current.capturedAt;
    const [row] = await tx
      .update(cardPayments)
      .set({
        status: next,
        providerPaymentId: payment.id,
        declineCode: payment.declineCode,
        actionUrl: payment.actionUrl,
        capturedAt,
        updatedAt: app.now(),
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
          settlementDate: tokyoDate(capturedAt ?? app.now()),
          via: 'CARD',
          paymentRef: payment.id,
          source,
          at: app.now(),
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
      .set({ status: refunded.status === 'refunded' ? 'REFUNDED' : row.status, updatedAt: app.now() })
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
