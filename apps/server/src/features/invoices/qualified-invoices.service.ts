/**
 * Qualified invoices (適格請求書) generated from a project's contract and a month's reports: the billable lines and
 * the draft the screen shows (lines, totals per tax rate, flags, issuer and recipient). The PDF, for a preview, a
 * registration or a correction, is qualified-invoice-generation.ts. The figures are always recomputed from the
 * contract and the submitted quantities; a client's totals are never read.
 */

import type {
  QualifiedInvoiceDraft,
  QualifiedInvoiceFlag,
  QualifiedInvoiceLineDto,
} from '@junkan/shared/api/qualified-invoices';
import {
  billedMonthConflicts,
  billedMonthIssue,
  type InvoicePaymentMethod,
  invoiceDateIssues,
} from '@junkan/shared/invoice-rules';
import { computeQualifiedInvoice } from '@junkan/shared/rules/qualified-invoice';
import { monthBillLines } from '@junkan/shared/rules/qualified-invoice-lines';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  contracts,
  contractUnitPrices,
  invoices,
  projects,
  regularReports,
  transportReports,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import { quotedLines } from '../project-core/project-contract';
import { type FieldIssue, failWith } from './invoice-versions';

/** Contract states whose unit prices bill a month: in force, or ended after the month was worked. */
const BILLING_CONTRACT_STATUSES = ['APPROVED', 'ENDED'];

/**
 * The completion reports that bill: live (not deleted) and BLANK, that is, with no correction or deletion
 * waiting for the discharger and none refused. A report is in force as reported unless the discharger is asked
 * to decide on a change (ACCEPTANCE_OR_DENIAL, REQUEST_DELETE) or refused one that the transporter has not yet
 * acknowledged (REJECTION); those are left out of the bill and counted in a flag.
 */
const SETTLED_REPORT_STATUS = 'BLANK';

export interface BillableLinesInput {
  transportCompanyId: number;
  projectId: number;
  /** YYYY-MM, a Japan calendar month. */
  month: string;
}

export interface BillableLines {
  project: { id: number; title: string; companyId: number };
  /** The contract's: a bank-transfer invoice prints the transporter's accounts. */
  paymentMethod: InvoicePaymentMethod;
  periodFrom: string;
  periodTo: string;
  /** One per waste line and unit (quantities summed, contract unit price), and the manifest fee. */
  lines: QualifiedInvoiceLineDto[];
  /** What the reports say beside the lines: units that do not match, wastes without a price, unsettled reports. */
  flags: QualifiedInvoiceFlag[];
}

/** First and last day of a YYYY-MM month (plain dates: no time zone involved). */
export function monthPeriod(month: string): { from: string; to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The month's reports of the project by the transport company: its industrial completion reports by transport end
 * date (live, whatever their status: the rule bills the settled ones and counts the others) and its regular reports.
 */
async function monthReportsOf(db: DbOrTx, input: BillableLinesInput, period: { from: string; to: string }) {
  const { transportCompanyId, projectId, month } = input;
  const industrial = await db
    .select({
      status: transportReports.status,
      wasteLineId: transportReports.wasteLineId,
      wasteId: transportReports.wasteId,
      wasteName: transportReports.wasteName,
      manifestNumber: transportReports.manifestNumber,
      date: transportReports.endDateTransport,
      volume: transportReports.transportVolume,
      unit: unitMeasures.unit,
    })
    .from(transportReports)
    .leftJoin(unitMeasures, eq(unitMeasures.id, transportReports.transportVolumeUnitId))
    .where(
      and(
        eq(transportReports.projectId, projectId),
        eq(transportReports.transportCompanyId, transportCompanyId),
        isNull(transportReports.deletedAt),
        gte(transportReports.endDateTransport, period.from),
        lte(transportReports.endDateTransport, period.to),
      ),
    );
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const regular = await db
    .select({ wasteId: regularReports.wasteId, wasteName: wastes.name, volume: regularReports.volume })
    .from(regularReports)
    .innerJoin(wastes, eq(wastes.id, regularReports.wasteId))
    .where(
      and(
        eq(regularReports.projectId, projectId),
        eq(regularReports.transportCompanyId, transportCompanyId),
        eq(regularReports.year, year),
        eq(regularReports.month, mon),
      ),
    );
  return { industrial, regular };
}

/**
 * The month's billable lines of a project the transport company carries: its approved contract (unit price per
 * waste line, manifest fee) and the month's industrial completion reports (by transport end date) and regular
 * reports, read here and billed by the shared rule `monthBillLines` (a price never guessed, a quantity never
 * converted).
 */
export async function billableLines(db: DbOrTx, input: BillableLinesInput): Promise<BillableLines> {
  const { transportCompanyId, projectId, month } = input;
  const [project] = await db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.transportCompanyId, transportCompanyId)));
  if (!project) throw new AppError('project_not_found', 'Project not found');

  const [contract] = await db
    .select({
      id: contracts.id,
      manifestFee: contracts.manifestFee,
      paymentMethod: contracts.paymentMethod,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.projectId, projectId),
        eq(contracts.transportCompanyId, transportCompanyId),
        inArray(contracts.status, BILLING_CONTRACT_STATUSES),
      ),
    );
  if (!contract) throw new AppError('invoice_contract_not_approved', 'No approved contract');

  const prices = await db
    .select({ wasteLineId: contractUnitPrices.wasteLineId, unitPrice: contractUnitPrices.unitPrice })
    .from(contractUnitPrices)
    .where(eq(contractUnitPrices.contractId, contract.id));
  const wasteLines = await quotedLines(db, projectId, transportCompanyId);

  const period = monthPeriod(month);
  const { industrial, regular } = await monthReportsOf(db, input, period);
  const settled = industrial.filter((r) => r.status === SETTLED_REPORT_STATUS);
  const { lines, flags } = monthBillLines({
    wasteLines,
    unitPrices: new Map(prices.map((p) => [p.wasteLineId, p.unitPrice])),
    manifestFee: contract.manifestFee,
    period,
    settled,
    regular,
    unsettledCount: industrial.length - settled.length,
  });
  return {
    project,
    paymentMethod: contract.paymentMethod as InvoicePaymentMethod,
    periodFrom: period.from,
    periodTo: period.to,
    lines,
    flags,
  };
}

/** Who issues the invoice (with its registration number) and who receives it; 404 when either is gone. */
export async function partiesOf(db: DbOrTx, transportCompanyId: number, dischargerCompanyId: number) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      postalCode: companies.postalCode,
      address: companies.address,
      tel: companies.tel,
      registrationNumber: companies.invoiceRegistrationNumber,
    })
    .from(companies)
    .where(inArray(companies.id, [transportCompanyId, dischargerCompanyId]));
  const issuer = rows.find((r) => r.id === transportCompanyId);
  const recipient = rows.find((r) => r.id === dischargerCompanyId);
  if (!issuer || !recipient) throw new AppError('project_not_found', 'Project not found');
  return {
    issuer: {
      companyName: issuer.name,
      postalCode: issuer.postalCode,
      address: issuer.address,
      telephone: issuer.tel,
      registrationNumber: issuer.registrationNumber,
    },
    recipient: { companyName: recipient.name },
  };
}

/**
 * GET /trans/qualified-invoices/draft: the month's lines with the reported quantities, the totals per rate, who
 * issues and who receives, and every flag the screen shows before an invoice is generated.
 */
export async function qualifiedInvoiceDraft(
  db: DbOrTx,
  input: BillableLinesInput,
): Promise<QualifiedInvoiceDraft> {
  const billable = await billableLines(db, input);
  const parties = await partiesOf(db, input.transportCompanyId, billable.project.companyId);
  const totals = computeQualifiedInvoice(billable.lines);
  // The current invoices of either kind that bill the month (the shared rule's "billed by").
  const billedBy = await db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      billedMonth: invoices.billedMonth,
      source: invoices.source,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, billable.project.id),
        eq(invoices.billedMonth, input.month),
        isNull(invoices.supersededAt),
      ),
    )
    .orderBy(asc(invoices.id));
  const [conflict] = billedMonthConflicts([{ billedMonth: input.month, source: 'GENERATED' }], billedBy);
  const payeeMissing =
    billable.paymentMethod === 'PAYMENT_INVOICE' &&
    (await companyBankAccountsOf(db, input.transportCompanyId)).length === 0;
  const flags: QualifiedInvoiceFlag[] = [
    ...(parties.issuer.registrationNumber ? [] : [{ code: 'REGISTRATION_NUMBER_MISSING' as const }]),
    ...(payeeMissing ? [{ code: 'BANK_ACCOUNT_MISSING' as const }] : []),
    ...(conflict?.billedBy ?? []).map((b) => ({
      code: 'MONTH_ALREADY_BILLED' as const,
      invoiceId: b.invoiceId,
      invoiceNumber: b.invoiceNumber,
      source: b.source,
    })),
    ...billable.flags,
  ];
  return {
    projectId: billable.project.id,
    projectTitle: billable.project.title,
    month: input.month,
    periodFrom: billable.periodFrom,
    periodTo: billable.periodTo,
    ...parties,
    lines: billable.lines,
    rates: totals.rates,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    flags,
  };
}

/**
 * The month and dates of a qualified invoice to preview or register, within an invoice's bounds on Japan's `today`
 * (shared `billedMonthIssue`, `invoiceDateIssues`), on the request's own fields; checked before anything is
 * rendered or a number is taken.
 */
export function requireQualifiedInvoiceDates(
  body: { month: string; billingDate: string; dueDate: string },
  today: string,
): void {
  const month = billedMonthIssue(body.month, today);
  const issues: FieldIssue[] = [
    ...(month ? [{ field: 'month', code: month }] : []),
    ...invoiceDateIssues(body, today).map((i) => ({ field: i.path, code: i.code })),
  ];
  if (issues.length) failWith(issues);
}
