import { isQuoteAnswerable } from '@junkan/shared/project-status';
import { isQuoteExpired } from '@junkan/shared/quote-pricing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { quotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { mailCompany } from '../../plugins/mail';
import { projectFor } from '../project-core/project-access';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { transitionProject } from '../project-core/project-status';

// The discharger's answer to the quote it was sent: accepted (on to the contract), or asked again.

/** A quote past its valid-until date (Japan) can only be asked again, not accepted. */
async function requireUnexpired(tx: Tx, projectId: number, transportCompanyId: number, today: string) {
  const [quote] = await tx
    .select({ validUntil: quotes.validUntil })
    .from(quotes)
    .where(
      and(
        eq(quotes.projectId, projectId),
        eq(quotes.transportCompanyId, transportCompanyId),
        eq(quotes.status, 'SUBMITTED'),
      ),
    );
  if (quote && isQuoteExpired(quote.validUntil, today))
    throw new AppError('quote_expired', 'The quote is past its valid-until date', undefined, {
      validUntil: quote.validUntil!.replaceAll('-', '/'),
    });
}

/** The transporter hears that its quote was accepted, or that a new quote is asked for, with the reason. */
async function mailQuoteAnswer(
  app: FastifyInstance,
  transporterId: number,
  projectTitle: string,
  projectId: number,
  accept: boolean,
  reason?: string,
) {
  await mailCompany(app, transporterId, 'TRANSPORT', {
    subject: accept
      ? '【junkan】見積が承認されました / Your quote was accepted'
      : '【junkan】再見積の依頼が届きました / A new quote is requested',
    lines: accept
      ? ['排出事業者が見積を承認しました。契約書の作成に進んでください。', `案件名: ${projectTitle}`]
      : ['排出事業者から再見積の依頼が届きました。', `案件名: ${projectTitle}`, `理由: ${reason ?? ''}`],
    english: accept ? 'The discharger accepted your quote.' : 'The discharger asks for a new quote.',
    path: projectDetailPath(projectId),
  });
}

async function answerQuote(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  accept: boolean,
  reason?: string,
) {
  const transporterId = await app.db.transaction(async (tx) => {
    const project = await projectFor(tx, caller, projectId, true);
    if (!isQuoteAnswerable(project.status))
      throw new AppError('invalid_status_transition', 'No quote awaits an answer', undefined, {
        from: project.status,
        to: accept ? 'CREATING_CONTRACT' : 'REQUEST_QUOTE',
      });
    const transportCompanyId = project.transportCompanyId;
    if (accept && transportCompanyId != null)
      await requireUnexpired(tx, projectId, transportCompanyId, tokyoDate(app.now()));
    if (accept) await transitionProject(tx, caller, project, 'CREATING_CONTRACT', 'WASTE', app.now());
    else
      await transitionProject(tx, caller, project, 'REQUEST_QUOTE', 'WASTE', app.now(), reason, {
        transportCompanyId: null,
      });
    if (transportCompanyId != null) {
      const [quote] = await tx
        .update(quotes)
        .set({ status: accept ? 'ACCEPTED' : 'DECLINED', updatedAt: app.now() })
        .where(
          and(
            eq(quotes.projectId, projectId),
            eq(quotes.transportCompanyId, transportCompanyId),
            eq(quotes.status, 'SUBMITTED'),
          ),
        )
        .returning({ id: quotes.id });
      if (quote)
        await recordAudit(tx, caller, {
          action: accept ? 'quote.accept' : 'quote.decline',
          entity: 'quote',
          entityId: quote.id,
          ...(reason ? { detail: { reason } } : {}),
        });
    }
    return transportCompanyId;
  });
  const detail = await getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()));
  if (transporterId != null)
    await mailQuoteAnswer(app, transporterId, detail.projectTitle, projectId, accept, reason);
  return detail;
}

/** POST /projects/{id}/accept-quote: COMPLETE_QUOTE -> CREATING_CONTRACT (shown as quote approval). */
export const acceptQuote = (app: FastifyInstance, caller: Caller, projectId: number) =>
  answerQuote(app, caller, projectId, true);

/** POST /projects/{id}/request-requote: COMPLETE_QUOTE -> REQUEST_QUOTE, open again to the area's transporters. */
export const requestRequote = (app: FastifyInstance, caller: Caller, projectId: number, reason: string) =>
  answerQuote(app, caller, projectId, false, reason);
