/**
 * Qualified invoices (適格請求書) generated from a project's contract and a month's reports: the billable lines,
 * the draft the screen shows (lines, totals per tax rate, flags, issuer and recipient) and the PDF. The figures
 * are always recomputed here from the contract and the submitted quantities; a client's totals are never read.
 */
import {
  type BankAccount,
  billedLine,
  billedMonthConflicts,
  compareBilledToReported,
  computeQualifiedInvoice,
  type InvoicePaymentMethod,
  type MessageCode,
  monthBillLines,
  type QualifiedInvoiceDraft,
  type QualifiedInvoiceFlag,
  type QualifiedInvoiceLineDto,
  type QualifiedInvoiceTotals,
} from '@junkan/shared';
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
import { fileNameStem } from '../../lib/downloads';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import { quotedLines } from '../project-core/project-contract';
import type { InvoiceRow } from './invoice-records';
import { renderQualifiedInvoicePdf } from './qualified-invoice-document';

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

async function partiesOf(db: DbOrTx, transportCompanyId: number, dischargerCompanyId: number) {
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

function totalsOf(lines: readonly QualifiedInvoiceLineDto[]): QualifiedInvoiceTotals {
  return computeQualifiedInvoice(lines);
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
  const totals = totalsOf(billable.lines);
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

export interface GenerateQualifiedInvoiceInput extends BillableLinesInput {
  /** YYYY-MM-DD. */
  billingDate: string;
  dueDate: string;
  /** The draft's lines to bill, by key, with the quantity to bill (an edited one, or the reported one). */
  lines: { key: string; quantity: string }[];
  /**
   * A registration takes its invoice number here, once every check has passed and just before the PDF that
   * prints it is rendered (a preview takes none).
   */
  takeNumber?: () => Promise<number>;
}

export interface GeneratedQualifiedInvoice {
  pdf: Buffer;
  /** 合計 (税込), whole yen. */
  amountTotal: number;
  totals: QualifiedInvoiceTotals;
  /** The billed lines as printed: what the invoice keeps, and what a correction edits. */
  lines: QualifiedInvoiceLineDto[];
  /** 振込先 as printed (bank transfer), kept with the invoice. */
  payeeAccounts: BankAccount[];
  /** Billed against reported differences, and the draft's report flags. */
  flags: QualifiedInvoiceFlag[];
  fileName: string;
  /** The number printed (null on a preview). */
  invoiceNumber: number | null;
}

interface RenderInput {
  transportCompanyId: number;
  dischargerCompanyId: number;
  projectTitle: string;
  paymentMethod: InvoicePaymentMethod;
  periodFrom: string;
  periodTo: string;
  billingDate: string;
  dueDate: string;
  lines: QualifiedInvoiceLineDto[];
  /** The number and version to print, or a way to take the number once the checks have passed. */
  invoiceNumber: { number: number; version: number } | (() => Promise<number>) | null;
}

/**
 * The one way a generated invoice's PDF is made, for a preview, a registration and a correction alike: the figures
 * from the lines by the shared rule, the parties and the 振込先 as they are now. Refuses (409) while the issuer has
 * no registration number, or a bank-transfer invoice's issuer has no bank account.
 */
async function renderGeneratedInvoice(db: DbOrTx, input: RenderInput) {
  const parties = await partiesOf(db, input.transportCompanyId, input.dischargerCompanyId);
  const registrationNumber = parties.issuer.registrationNumber;
  if (!registrationNumber)
    throw new AppError('invoice_registration_number_missing', 'No registration number');
  const payeeAccounts =
    input.paymentMethod === 'PAYMENT_INVOICE'
      ? await companyBankAccountsOf(db, input.transportCompanyId)
      : [];
  if (input.paymentMethod === 'PAYMENT_INVOICE' && payeeAccounts.length === 0)
    throw new AppError('invoice_bank_account_missing', 'No bank account to print');
  const totals = totalsOf(input.lines);
  const invoiceNumber =
    typeof input.invoiceNumber === 'function'
      ? { number: await input.invoiceNumber(), version: 1 }
      : input.invoiceNumber;
  const pdf = await renderQualifiedInvoicePdf({
    invoiceNumber,
    payeeAccounts,
    issuer: { ...parties.issuer, registrationNumber },
    recipient: parties.recipient,
    projectTitle: input.projectTitle,
    periodFrom: input.periodFrom,
    periodTo: input.periodTo,
    billingDate: input.billingDate,
    dueDate: input.dueDate,
    totals,
  });
  return { pdf, totals, payeeAccounts, invoiceNumber: invoiceNumber?.number ?? null };
}

/**
 * The qualified invoice as a PDF, recomputed from the contract's prices and the submitted quantities: what
 * POST /trans/qualified-invoices/pdf answers and what the invoices feature stores when it registers a generated
 * invoice. Refuses (409) while the issuer has no registration number or, for a bank transfer, no account, and
 * (400) a line the draft does not have.
 */
export async function generateQualifiedInvoicePdf(
  db: DbOrTx,
  input: GenerateQualifiedInvoiceInput,
): Promise<GeneratedQualifiedInvoice> {
  const billable = await billableLines(db, input);
  const byKey = new Map(billable.lines.map((l) => [l.key, l]));
  const unknown: Record<string, MessageCode> = {};
  input.lines.forEach((l, i) => {
    if (!byKey.has(l.key)) unknown[`lines.${i}.key`] = 'invoice_line_unknown';
  });
  if (Object.keys(unknown).length) throw new AppError('invoice_line_unknown', 'Unknown line', unknown);

  const billed = input.lines.map((l) => ({
    ...billedLine({ ...byKey.get(l.key)!, quantity: l.quantity }),
    reportedQuantity: byKey.get(l.key)!.reportedQuantity,
  }));
  const asQuantities = (rows: readonly QualifiedInvoiceLineDto[], field: 'quantity' | 'reportedQuantity') =>
    rows.map((l) => ({ key: l.key, description: l.description, unit: l.unit, quantity: l[field] }));
  const differences = compareBilledToReported(
    asQuantities(billed, 'quantity'),
    asQuantities(billable.lines, 'reportedQuantity'),
  );
  const flags: QualifiedInvoiceFlag[] = [
    ...billable.flags,
    ...differences.map((d) => ({ code: 'QUANTITY_DIFFERS' as const, ...d })),
  ];
  const rendered = await renderGeneratedInvoice(db, {
    transportCompanyId: input.transportCompanyId,
    dischargerCompanyId: billable.project.companyId,
    projectTitle: billable.project.title,
    paymentMethod: billable.paymentMethod,
    periodFrom: billable.periodFrom,
    periodTo: billable.periodTo,
    billingDate: input.billingDate,
    dueDate: input.dueDate,
    lines: billed,
    invoiceNumber: input.takeNumber ?? null,
  });
  return {
    ...rendered,
    amountTotal: rendered.totals.total,
    lines: billed,
    flags,
    fileName: qualifiedInvoiceFileName(billable.project.title, input.month),
  };
}

export interface CorrectedLinesInput {
  billingDate: string;
  dueDate: string;
  lines: { key: string; quantity: string; unitPrice: number }[];
}

/**
 * A generated invoice's next version, made again from its corrected lines: each line one the invoice printed, or
 * one its month bills now (a report settled since), with the corrected quantity and unit price; the figures
 * recomputed by the shared rule and the PDF rendered with the invoice's number and next version. A line neither
 * has is 400 invoice_line_unknown.
 */
export async function regenerateQualifiedInvoice(
  db: DbOrTx,
  invoice: InvoiceRow,
  input: CorrectedLinesInput,
): Promise<GeneratedQualifiedInvoice> {
  const month = invoice.billedMonth;
  const billable = month
    ? await billableLines(db, {
        transportCompanyId: invoice.transportCompanyId,
        projectId: invoice.projectId,
        month,
      }).catch((error: unknown) => {
        // The contract may have moved on (cancelled): the invoice's own lines still correct.
        if (error instanceof AppError) return null;
        throw error;
      })
    : null;
  const known = new Map([...(billable?.lines ?? []), ...(invoice.lines ?? [])].map((l) => [l.key, l]));
  const unknown: Record<string, MessageCode> = {};
  input.lines.forEach((l, i) => {
    if (!known.has(l.key)) unknown[`lines.${i}.key`] = 'invoice_line_unknown';
  });
  if (Object.keys(unknown).length) throw new AppError('invoice_line_unknown', 'Unknown line', unknown);
  const lines = input.lines.map((l) => {
    const base = known.get(l.key)!;
    return {
      ...billedLine({ ...base, quantity: l.quantity, unitPrice: l.unitPrice }),
      reportedQuantity: base.reportedQuantity,
    };
  });
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, invoice.projectId));
  const dates = lines.flatMap((l) => [l.dateFrom, l.dateTo]).sort();
  const period = month ? monthPeriod(month) : { from: dates[0]!, to: dates.at(-1)! };
  const title = project?.title ?? '';
  const rendered = await renderGeneratedInvoice(db, {
    transportCompanyId: invoice.transportCompanyId,
    dischargerCompanyId: invoice.dischargerCompanyId,
    projectTitle: title,
    paymentMethod: invoice.paymentMethod,
    periodFrom: period.from,
    periodTo: period.to,
    billingDate: input.billingDate,
    dueDate: input.dueDate,
    lines,
    invoiceNumber: { number: invoice.invoiceNumber, version: invoice.version + 1 },
  });
  return {
    ...rendered,
    amountTotal: rendered.totals.total,
    lines,
    flags: [],
    fileName: qualifiedInvoiceFileName(title, month ?? period.from.slice(0, 7)),
  };
}

/** `請求書_<project>_<YYYY-MM>.pdf`. */
export function qualifiedInvoiceFileName(projectTitle: string, month: string): string {
  return `請求書_${fileNameStem(projectTitle, 60, '案件')}_${month}.pdf`;
}
