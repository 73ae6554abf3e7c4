/**
 * The daily permit expiry run: every live permit that has reached a warning step (90 days, 30 days, expired;
 * Japan date) higher than the one already mailed gets that step's mail, once, to its company's enabled
 * transporter users. The step is claimed by a compare-and-set on `expiry_step_mailed` in the transaction that
 * writes the mails to the outbox, so two runs (or two processes) never send it twice. A permit first seen within
 * 30 days gets the 30-day mail only.
 */
import { addDays } from '@junkan/shared/contract-rules';
import { appLink, paths } from '@junkan/shared/paths';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import {
  PERMIT_EXPIRY_STEPS,
  type PermitExpiryStep,
  permitExpiryStep,
  permitExpiryStepRank,
} from '@junkan/shared/rules/permit-rules';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permits, users } from '../../db/schema';
import { recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';

const source = systemSource('permit-expiry');
export const PERMIT_EXPIRY_JOB = 'permit-expiry';

const KIND_JA = { COLLECTION_TRANSPORT: '収集運搬業', DISPOSAL: '処分業' } as const;
const KIND_EN = { COLLECTION_TRANSPORT: 'collection and transport', DISPOSAL: 'disposal' } as const;

const SUBJECT: Record<PermitExpiryStep, string> = {
  DAYS_90: '【junkan】許可証の有効期限が90日以内です / Your permit expires within 90 days',
  DAYS_30: '【junkan】許可証の有効期限が30日以内です / Your permit expires within 30 days',
  EXPIRED: '【junkan】許可証の有効期限が切れました / Your permit has expired',
};

export async function runPermitExpiry(
  app: FastifyInstance,
  today: string = tokyoDate(app.now()),
): Promise<{ mailed: number }> {
  const due = await app.db
    .select()
    .from(permits)
    .where(
      and(
        isNull(permits.retiredAt),
        lte(permits.expiryDate, addDays(today, 90)),
        or(isNull(permits.expiryStepMailed), sql`${permits.expiryStepMailed} <> 'EXPIRED'`),
      ),
    )
    .orderBy(asc(permits.expiryDate), asc(permits.id))
    .limit(10_000);
  let mailed = 0;
  for (const candidate of due) {
    const step = permitExpiryStep(candidate.expiryDate, today);
    if (!step || permitExpiryStepRank(step) <= permitExpiryStepRank(candidate.expiryStepMailed)) continue;
    // Steps below this one: what may be recorded as mailed for the claim to succeed.
    const lower = PERMIT_EXPIRY_STEPS.slice(0, PERMIT_EXPIRY_STEPS.indexOf(step));
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(permits)
        .set({ expiryStepMailed: step })
        .where(
          and(
            eq(permits.id, candidate.id),
            isNull(permits.retiredAt),
            eq(permits.expiryDate, candidate.expiryDate),
            lower.length
              ? or(
                  isNull(permits.expiryStepMailed),
                  sql`${permits.expiryStepMailed} in (${sql.join(
                    lower.map((s) => sql`${s}`),
                    sql`, `,
                  )})`,
                )
              : isNull(permits.expiryStepMailed),
          ),
        )
        .returning();
      if (!claimed) return;
      const recipients = await tx
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.companyId, claimed.companyId),
            eq(users.role, 'TRANSPORT'),
            eq(users.enabled, true),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.id));
      const link = appLink(app.config.publicUrl, paths.licenseManagement.to());
      const text = [
        step === 'EXPIRED'
          ? '次の許可証の有効期限が切れました。更新後の許可証を登録してください。期限切れの許可証は新しい契約に使えません。'
          : `次の許可証の有効期限が${step === 'DAYS_90' ? '90' : '30'}日以内です。更新の手続きをお願いします。`,
        '',
        `行政区分: ${permitDistrictName(claimed.districtCode, 'ja')}`,
        `許可番号: ${claimed.licenseNumber}`,
        `許可の種類: ${KIND_JA[claimed.kind]}`,
        `有効期限: ${claimed.expiryDate}`,
        '',
        `許可証管理: ${link}`,
        '',
        '---',
        step === 'EXPIRED'
          ? 'The following permit has expired. Register the renewed permit; an expired permit cannot be used for a new contract.'
          : `The following permit expires within ${step === 'DAYS_90' ? '90' : '30'} days. Please renew it.`,
        `District: ${permitDistrictName(claimed.districtCode, 'en')}, license number: ${claimed.licenseNumber}, ` +
          `kind: ${KIND_EN[claimed.kind]}, expiry date: ${claimed.expiryDate}`,
      ].join('\n');
      for (const { email } of recipients)
        await app.mailer.send({ to: email, subject: SUBJECT[step], text }, { tx });
      await recordAudit(tx, source, {
        action: 'permit.expiry_notice',
        entity: 'permit',
        entityId: claimed.id,
        detail: { step, expiryDate: claimed.expiryDate, today, recipients: recipients.length },
      });
      mailed++;
    });
  }
  return { mailed };
}

/** Every morning at 08:00 Japan time, once across all server processes. */
export function definePermitExpiryJob(app: FastifyInstance) {
  app.jobs.defineScheduled(PERMIT_EXPIRY_JOB, async () => {
    const run = await runPermitExpiry(app);
    if (run.mailed) app.log.info({ run }, 'permit expiry notices');
  });
}
