import { WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { regularReports, wastes } from '../../db/schema';
import { mailCompany } from '../../plugins/mail';

/**
 * The discharger's mail of a transporter's monthly regular report: subject, Japanese text, English text. A month
 * reported again replaces the first report, and says so.
 */
const REGULAR_REPORT_MAILS: Record<
  'reported' | 'revised',
  readonly [subject: string, line: string, english: string]
> = {
  reported: [
    '【junkan】定期回収の月次報告が届きました / A monthly collection report has arrived',
    '収集運搬業者から定期回収の月次報告が届きました。内容をご確認ください。',
    "Your transporter reported the month's regular collection. Please check the weights.",
  ],
  revised: [
    '【junkan】定期回収の月次報告が修正されました / A monthly collection report was revised',
    '収集運搬業者が定期回収の月次報告を修正しました。修正後の内容をご確認ください。',
    "Your transporter revised the month's regular collection report. Please check the new weights.",
  ],
};

export interface RegularReportMail {
  dischargerCompanyId: number;
  projectId: number;
  projectTitle: string;
  year: number;
  month: number;
  /** Whether the month had been reported before (the report replaces it). */
  revised: boolean;
}

/**
 * Mails the discharger's users the month's report as it now stands (every category reported for the month, as the
 * achievements show it), in the report's transaction (sent only if it commits), with a link to its achievements of
 * the month, regular waste.
 */
export async function mailRegularReport(app: FastifyInstance, tx: Tx, report: RegularReportMail) {
  const lines = await tx
    .select({ name: wastes.name, volume: regularReports.volume })
    .from(regularReports)
    .innerJoin(wastes, eq(wastes.id, regularReports.wasteId))
    .where(
      and(
        eq(regularReports.projectId, report.projectId),
        eq(regularReports.year, report.year),
        eq(regularReports.month, report.month),
      ),
    )
    .orderBy(asc(wastes.sortOrder), asc(wastes.wasteCode));
  const [subject, line, english] = REGULAR_REPORT_MAILS[report.revised ? 'revised' : 'reported'];
  const query = new URLSearchParams({
    period: 'monthly',
    year: String(report.year),
    month: String(report.month),
    type: String(WASTE_TYPE_CODE.REGULAR),
  });
  await mailCompany(
    app,
    report.dischargerCompanyId,
    'WASTE',
    {
      subject,
      lines: [
        line,
        `案件名: ${report.projectTitle}`,
        `対象月: ${report.year}年${report.month}月`,
        ...lines.map((l) => `${l.name}: ${Number(l.volume).toLocaleString('ja-JP')} kg`),
      ],
      english,
      path: `${paths.achievements.to()}?${query}`,
    },
    { tx },
  );
}
