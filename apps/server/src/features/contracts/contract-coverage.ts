/**
 * The daily coverage run for contracts in force (issue 15): every approved contract of an industrial project in
 * force or about to start is checked against its transporter's live permits over the days it still has
 * (`coveragePeriod`: a permit lapsing or retired before the contract's end leaves a gap). Each new gap is mailed
 * once to the discharger and to the transporter; what was mailed is kept in `contract_coverage_alerts` (inserted
 * with the mails in one transaction, `on conflict do nothing`, so two runs never mail a gap twice), and a gap that
 * closes is forgotten, to be announced again if it comes back. The detail pages show the coverage as it is now.
 */

import type { PermitCoverageGapAnswer } from '@junkan/shared/api/permit-coverage';
import { coverageGapKey, type PermitCoverageReason } from '@junkan/shared/rules/permit-coverage';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contractCoverageAlerts } from '../../db/schema';
import { recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import { mailCompany } from '../../plugins/mail';
import { contractsInForceCoverage } from '../permit-core/project-coverage';
import { projectDetailPath } from '../project-core/project-detail';

const source = systemSource('contract-coverage');
export const CONTRACT_COVERAGE_JOB = 'contract-coverage';

const REASON_JA: Record<PermitCoverageReason, string> = {
  NO_PERMIT: '収集運搬業許可が登録されていません',
  KIND_NOT_COVERED: '許可の対象に含まれていません',
  EXPIRES_IN_PERIOD: '許可の有効期限が契約期間中に切れます',
  NOT_YET_VALID: '許可がまだ有効ではありません',
  EXPIRED: '許可の有効期限が切れています',
  NO_TRANSSHIPMENT: '積替え保管を含む許可が確認できません',
  NO_DISPOSAL_SITE: '搬入先の処分場が登録されていません',
};
const REASON_EN: Record<PermitCoverageReason, string> = {
  NO_PERMIT: 'no collection and transport permit is registered',
  KIND_NOT_COVERED: 'the permit does not cover this kind',
  EXPIRES_IN_PERIOD: 'the permit expires within the contract period',
  NOT_YET_VALID: 'the permit is not yet valid',
  EXPIRED: 'the permit has expired',
  NO_TRANSSHIPMENT: 'no permit with transshipment and storage',
  NO_DISPOSAL_SITE: 'no destination disposal site is registered',
};

function gapLine(gap: PermitCoverageGapAnswer, lang: 'ja' | 'en'): string {
  const where = [gap.district ? permitDistrictName(gap.district, lang) : null, gap.wasteKind?.name]
    .filter(Boolean)
    .join(' / ');
  const why = (lang === 'ja' ? REASON_JA : REASON_EN)[gap.reason];
  return `・${where ? `${where}: ` : ''}${why}`;
}

export async function runContractCoverage(
  app: FastifyInstance,
  today: string = tokyoDate(app.now()),
): Promise<{ mailed: number; cleared: number }> {
  const inForce = await contractsInForceCoverage(app.db, today);
  const stored = new Map<number, Set<string>>();
  for (let i = 0; i < inForce.length; i += 1000) {
    const rows = await app.db
      .select({ contractId: contractCoverageAlerts.contractId, gapKey: contractCoverageAlerts.gapKey })
      .from(contractCoverageAlerts)
      .where(
        inArray(
          contractCoverageAlerts.contractId,
          inForce.slice(i, i + 1000).map((c) => c.id),
        ),
      );
    for (const r of rows) stored.set(r.contractId, (stored.get(r.contractId) ?? new Set()).add(r.gapKey));
  }
  let mailed = 0;
  let cleared = 0;
  for (const contract of inForce) {
    const keyed = new Map(contract.coverage.missing.map((g) => [coverageGapKey(toRuleGap(g)), g]));
    const known = stored.get(contract.id) ?? new Set<string>();
    const fresh = [...keyed.keys()].filter((k) => !known.has(k));
    const closed = [...known].filter((k) => !keyed.has(k));
    if (fresh.length === 0 && closed.length === 0) continue;
    await app.db.transaction(async (tx) => {
      if (closed.length) {
        const removed = await tx
          .delete(contractCoverageAlerts)
          .where(
            and(
              eq(contractCoverageAlerts.contractId, contract.id),
              inArray(contractCoverageAlerts.gapKey, closed),
            ),
          )
          .returning({ gapKey: contractCoverageAlerts.gapKey });
        cleared += removed.length;
      }
      if (fresh.length === 0) return;
      const inserted = await tx
        .insert(contractCoverageAlerts)
        .values(
          fresh.map((gapKey) => {
            const gap = keyed.get(gapKey)!;
            return {
              contractId: contract.id,
              gapKey,
              district: gap.district,
              wasteKindId: gap.wasteKind?.id ?? null,
              reason: gap.reason,
            };
          }),
        )
        .onConflictDoNothing()
        .returning({ gapKey: contractCoverageAlerts.gapKey });
      // Another run claimed them first: it mails them.
      if (inserted.length === 0) return;
      const newGaps = inserted.map((r) => keyed.get(r.gapKey)!);
      const mail = {
        subject:
          '【junkan】契約中の案件の許可が確認できません / A contract in force is not covered by permits',
        lines: [
          '契約期間の終了までに、収集運搬業者の許可で確認できない区間があります。許可の更新・登録状況をご確認ください。',
          `案件名: ${contract.title}`,
          `契約期間: ${contract.startDate} 〜 ${contract.endDate}`,
          ...newGaps.map((g) => gapLine(g, 'ja')),
        ],
        english: [
          "The transporter's permits do not cover this contract until its end. Please check the permits' renewal and registration.",
          ...newGaps.map((g) => gapLine(g, 'en')),
        ].join('\n'),
        path: projectDetailPath(contract.projectId),
      };
      await mailCompany(app, contract.dischargerId, 'WASTE', mail, { tx });
      await mailCompany(app, contract.transportCompanyId, 'TRANSPORT', mail, { tx });
      await recordAudit(tx, source, {
        action: 'contract.coverage_gap_notice',
        entity: 'contract',
        entityId: contract.id,
        detail: { gaps: inserted.map((r) => r.gapKey), today },
      });
      mailed += inserted.length;
    });
  }
  return { mailed, cleared };
}

/** The answer's gap as the rule's, for its key. */
const toRuleGap = (g: PermitCoverageGapAnswer) => ({
  district: g.district,
  reason: g.reason,
  ...(g.wasteKind ? { wasteKindId: g.wasteKind.id } : {}),
});

/** Every morning at 08:30 Japan time (after the permit expiry run), once across all server processes. */
export function defineContractCoverageJob(app: FastifyInstance) {
  app.jobs.defineScheduled(CONTRACT_COVERAGE_JOB, async () => {
    const run = await runContractCoverage(app);
    if (run.mailed || run.cleared) app.log.info({ run }, 'contract coverage notices');
  });
}
