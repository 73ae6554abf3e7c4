/**
 * A generated invoice's PDF (適格請求書), made one way for a preview, a registration and a correction: the billed
 * lines checked against the lines the month bills, the figures recomputed by the shared rule, the parties and the
 * 振込先 as they are now.
 */
import type { BankAccount } from '@junkan/shared/api/bank-accounts';
import type { QualifiedInvoiceFlag, QualifiedInvoiceLineDto } from '@junkan/shared/api/qualified-invoices';
import type { InvoicePaymentMethod } from '@junkan/shared/invoice-rules';
import type { MessageCode } from '@junkan/shared/messages';
import {
  compareBilledToReported,
  computeQualifiedInvoice,
  type QualifiedInvoiceTotals,
} from '@junkan/shared/rules/qualified-invoice';
import { billedLine } from '@junkan/shared/rules/qualified-invoice-lines';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fileNameStem } from '../../lib/downloads';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import type { InvoiceRow } from './invoice-records';
import { renderQualifiedInvoicePdf } from './qualified-invoice-document';
import { type BillableLinesInput, billableLines, monthPeriod, partiesOf } from './qualified-invoices.service';

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
  const totals = computeQualifiedInvoice(input.lines);
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

/** Every line asked for by key is one of `known`; otherwise 400 invoice_line_unknown on each unknown line's key. */
function requireKnownLines(known: ReadonlyMap<string, unknown>, lines: readonly { key: string }[]) {
  const unknown: Record<string, MessageCode> = {};
  lines.forEach((l, i) => {
    if (!known.has(l.key)) unknown[`lines.${i}.key`] = 'invoice_line_unknown';
  });
  if (Object.keys(unknown).length) throw new AppError('invoice_line_unknown', 'Unknown line', unknown);
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
  requireKnownLines(byKey, input.lines);

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
  requireKnownLines(known, input.lines);
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
