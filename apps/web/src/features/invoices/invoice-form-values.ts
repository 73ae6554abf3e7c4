import { type CorrectInvoiceRequest, correctedInvoiceLineSchema } from '@junkan/shared/api/invoices';
import type { QualifiedInvoiceLineDto } from '@junkan/shared/api/qualified-invoices';
import {
  type BilledMonthConflict,
  billedMonthConflicts,
  billedMonthIssue,
  type InvoicePaymentMethod,
  invoiceDateIssues,
  invoiceDraftIssues,
  invoiceRegistrationIssues,
  type MonthBilling,
} from '@junkan/shared/invoice-rules';
import { computeQualifiedInvoice, type QualifiedInvoiceTotals } from '@junkan/shared/rules/qualified-invoice';
import { checkUpload, UPLOAD_RULES } from '@junkan/shared/upload-rules';

/** One invoice block of the register form (and the correction form), as the form holds it. */
export interface InvoiceBlockValues {
  /** 請求対象月, YYYY-MM (the register form only: a correction keeps the month). */
  billedMonth?: string | null;
  billingDate?: string | null;
  dueDate?: string | null;
  amount?: number | null;
  files?: { name: string; size?: number; originFileObj?: File }[];
}

/** A new block: everything still to fill in. */
export const emptyInvoiceBlock = (): InvoiceBlockValues => ({
  billedMonth: null,
  billingDate: null,
  dueDate: null,
  amount: null,
  files: [],
});

/** How the register page bills: uploaded invoice files, or a qualified invoice the system generates. */
export type RegisterMode = 'upload' | 'generate';

/**
 * The register page's mode and billed month from its address: uploads unless `mode=generate`; the month when it
 * is a YYYY-MM, else the last one before `today` (Japan's YYYY-MM-DD), since a month is billed once it has ended.
 */
export function registerViewOf(
  params: URLSearchParams,
  today: string,
): { mode: RegisterMode; month: string } {
  const month = params.get('month') ?? '';
  const [year = 0, current = 1] = today.split('-').map(Number);
  const last = current === 1 ? `${year - 1}-12` : `${year}-${String(current - 1).padStart(2, '0')}`;
  return {
    mode: params.get('mode') === 'generate' ? 'generate' : 'upload',
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : last,
  };
}

export interface BlockIssue {
  name: (string | number)[];
  code: string;
}

/** The files of a block that are real files (antd keeps them as UploadFile with the File inside). */
export const blockFiles = (block: InvoiceBlockValues): File[] =>
  (block.files ?? []).flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));

/** Whether one more file may join a block's files: the shared upload rule of invoice files. */
export function invoiceFileIssue(
  file: { name: string; size: number },
  existing: readonly string[],
): string | null {
  return checkUpload({
    fileName: file.name,
    size: file.size,
    existingNames: existing,
    ...UPLOAD_RULES.INVOICE,
  });
}

/**
 * The register form's issues on Japan's `today`, mirrored from the shared rules the server applies: each block's
 * billed month, dates (within their bounds), amount (by the contract's payment method) and files. `prefix` is the
 * form list's name.
 */
export function registrationIssues(
  blocks: readonly InvoiceBlockValues[],
  paymentMethod: InvoicePaymentMethod,
  today: string,
  prefix = 'invoices',
): BlockIssue[] {
  return blocks.flatMap((block, i) =>
    invoiceRegistrationIssues(
      {
        billedMonth: block.billedMonth ?? undefined,
        billingDate: block.billingDate ?? undefined,
        dueDate: block.dueDate ?? undefined,
        amount: block.amount ?? undefined,
      },
      paymentMethod,
      (block.files ?? []).length,
      today,
    ).map((issue) => ({ name: [prefix, i, issue.path], code: issue.code })),
  );
}

/**
 * An uploaded invoice's correction on Japan's `today`, as the server checks it (shared `invoiceDraftIssues`): the
 * dates within their bounds, the amount, and the kept and new files together (`keptFileCount`). A correction keeps
 * the billed month, so the form has none to check. Each issue is named by its field.
 */
export function correctionIssues(
  values: InvoiceBlockValues,
  keptFileCount: number,
  paymentMethod: InvoicePaymentMethod,
  today: string,
): BlockIssue[] {
  return invoiceDraftIssues(
    {
      billingDate: values.billingDate ?? undefined,
      dueDate: values.dueDate ?? undefined,
      amount: values.amount ?? undefined,
    },
    paymentMethod,
    keptFileCount + (values.files ?? []).length,
    today,
  ).map((issue) => ({ name: [issue.path], code: issue.code }));
}

/** A generated invoice's correction on Japan's `today`: its dates (shared `invoiceDateIssues`); the lines are checked apart. */
export function correctionDateIssues(values: InvoiceBlockValues, today: string): BlockIssue[] {
  return invoiceDateIssues(
    { billingDate: values.billingDate ?? undefined, dueDate: values.dueDate ?? undefined },
    today,
  ).map((issue) => ({ name: [issue.path], code: issue.code }));
}

const draftOf = (block: InvoiceBlockValues) => ({
  billingDate: block.billingDate ?? '',
  dueDate: block.dueDate ?? '',
  amount: block.amount ?? 0,
});

/**
 * The register form's months that the project has billed already (the shared rule, the blocks as uploaded
 * invoices): by its current invoices (`billings`, from GET /trans/invoices/month-billings) or by an earlier
 * block. Blocks without a valid month are left out until they have one.
 */
export function billedMonthWarnings(
  blocks: readonly InvoiceBlockValues[],
  billings: readonly MonthBilling[],
): BilledMonthConflict[] {
  return billedMonthConflicts(
    blocks.map((b) => ({ billedMonth: b.billedMonth ?? '', source: 'UPLOAD' as const })),
    billings,
  ).filter((c) => billedMonthIssue(c.billedMonth) === null);
}

/** A generated invoice's month that uploaded invoices bill already (the builder's flags), as the warning. */
export function uploadedMonthWarnings(
  month: string,
  uploads: readonly Pick<MonthBilling, 'invoiceId' | 'invoiceNumber'>[],
): BilledMonthConflict[] {
  return billedMonthConflicts(
    [{ billedMonth: month, source: 'GENERATED' }],
    uploads.map((u) => ({ ...u, billedMonth: month, source: 'UPLOAD' })),
  );
}

/**
 * The body of POST /trans/invoices: `data` first (with the months the transporter confirmed billing again),
 * then each block's files as `files.<n>`.
 */
export function registrationFormData(
  projectId: number,
  blocks: readonly InvoiceBlockValues[],
  confirmedBilledMonths: readonly string[] = [],
): FormData {
  const form = new FormData();
  const invoices = blocks.map((b) => ({ billedMonth: b.billedMonth ?? '', ...draftOf(b) }));
  form.append(
    'data',
    JSON.stringify({
      projectId,
      invoices,
      ...(confirmedBilledMonths.length ? { confirmedBilledMonths: [...new Set(confirmedBilledMonths)] } : {}),
    }),
  );
  blocks.forEach((block, i) => {
    for (const file of blockFiles(block)) form.append(`files.${i}`, file, file.name);
  });
  return form;
}

/** The body of POST /trans/invoices/{id}/corrections: the new values, the kept files' ids, the new files. */
export function correctionFormData(block: InvoiceBlockValues, keepFileIds: readonly number[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify({ ...draftOf(block), keepFileIds }));
  for (const file of blockFiles(block)) form.append('files', file, file.name);
  return form;
}

/** A server field (invoices.0.amount) as the form's name path (['invoices', 0, 'amount']). */
export function serverFieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A generated invoice's line as its correction form holds it: the printed line, its quantity and price editable. */
export interface CorrectedLineValues extends QualifiedInvoiceLineDto {
  /** As typed: a decimal with at most 3 decimals. */
  typedQuantity: string;
  typedUnitPrice: number | null;
  /** Left out of the corrected invoice. */
  isRemoved: boolean;
}

export const correctedLinesOf = (lines: readonly QualifiedInvoiceLineDto[]): CorrectedLineValues[] =>
  lines.map((l) => ({ ...l, typedQuantity: l.quantity, typedUnitPrice: l.unitPrice, isRemoved: false }));

export interface LineCorrectionState {
  /** The shared rule's figures for the kept lines whose quantity and price are valid: what the server prints. */
  totals: QualifiedInvoiceTotals;
  /** Per line index, the code its quantity or price shows. */
  issues: { index: number; field: 'quantity' | 'unitPrice'; code: string }[];
  /** At least one line is kept and every kept line is valid. */
  isValid: boolean;
}

/** The corrected lines checked by the shared rule, and the totals the corrected invoice will bill. */
export function lineCorrectionState(rows: readonly CorrectedLineValues[]): LineCorrectionState {
  const issues: LineCorrectionState['issues'] = [];
  const valid: QualifiedInvoiceLineDto[] = [];
  rows.forEach((row, index) => {
    if (row.isRemoved) return;
    const parsed = correctedInvoiceLineSchema.safeParse({
      key: row.key,
      quantity: row.typedQuantity,
      unitPrice: row.typedUnitPrice ?? undefined,
    });
    if (parsed.success) {
      valid.push({ ...row, quantity: parsed.data.quantity, unitPrice: parsed.data.unitPrice });
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'unitPrice' ? 'unitPrice' : 'quantity';
      if (!issues.some((i) => i.index === index && i.field === field))
        issues.push({ index, field, code: issue.message });
    }
  });
  const kept = rows.filter((r) => !r.isRemoved).length;
  return { totals: computeQualifiedInvoice(valid), issues, isValid: kept > 0 && issues.length === 0 };
}

/** The body of a generated invoice's correction: the dates and the kept lines (no amount, no files). */
export function lineCorrectionFormData(
  dates: { billingDate?: string | null; dueDate?: string | null },
  rows: readonly CorrectedLineValues[],
): FormData {
  const data: CorrectInvoiceRequest = {
    billingDate: dates.billingDate ?? '',
    dueDate: dates.dueDate ?? '',
    lines: rows
      .filter((r) => !r.isRemoved)
      .map((r) => ({ key: r.key, quantity: r.typedQuantity.trim(), unitPrice: r.typedUnitPrice ?? 0 })),
  };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return form;
}
