import type {
  QualifiedInvoiceDraft,
  QualifiedInvoiceFlag,
  QualifiedInvoiceLineDto,
  QualifiedInvoicePdfRequest,
} from '@junkan/shared/api/qualified-invoices';
import { billedMonthIssue, formatInvoiceNumber, invoiceDateIssues } from '@junkan/shared/invoice-rules';
import {
  compareBilledToReported,
  computeQualifiedInvoice,
  isBillableQuantity,
  type QualifiedInvoiceTotals,
} from '@junkan/shared/rules/qualified-invoice';
import { formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';

/** A line's or the invoice's days as shown: one date, or the first and last joined by the language's range. */
export const dateRangeText = (from: string, to: string) =>
  from === to
    ? formatPlainDate(from)
    : `${formatPlainDate(from)}${currentPunctuation().range}${formatPlainDate(to)}`;

/** What the user changed on the draft: each line's quantity (as typed) and whether it is billed. */
export interface BuilderEdits {
  quantities: Record<string, string>;
  excluded: ReadonlySet<string>;
}

export function initialEdits(draft: QualifiedInvoiceDraft): BuilderEdits {
  return {
    quantities: Object.fromEntries(draft.lines.map((l) => [l.key, l.quantity])),
    excluded: new Set(),
  };
}

/** The edits with a line's quantity as typed. */
export const withQuantity = (edits: BuilderEdits, key: string, value: string): BuilderEdits => ({
  ...edits,
  quantities: { ...edits.quantities, [key]: value },
});

/** The edits with a line billed again, or left out of the invoice. */
export function withBilled(edits: BuilderEdits, key: string, billed: boolean): BuilderEdits {
  const excluded = new Set(edits.excluded);
  if (billed) excluded.delete(key);
  else excluded.add(key);
  return { ...edits, excluded };
}

/** What a builder's month or date shows on its field: the message code of each field in error. */
export type BuilderDateIssues = Partial<Record<'month' | 'billingDate' | 'dueDate', string>>;

/**
 * The builder's month and dates on Japan's `today`, as the server checks them: the month and dates within an
 * invoice's bounds, the due date not before the billing date (shared `billedMonthIssue`, `invoiceDateIssues`). While any is in error, neither generating nor registering goes on.
 * Dates not chosen yet (the draft still loading) show nothing.
 */
export function builderDateIssues(
  values: { month: string; billingDate: string; dueDate: string },
  today: string,
): BuilderDateIssues {
  const issues: BuilderDateIssues = {};
  const month = billedMonthIssue(values.month, today);
  if (month) issues.month = month;
  if (!values.billingDate || !values.dueDate) return issues;
  for (const issue of invoiceDateIssues(values, today))
    issues[issue.path as 'billingDate' | 'dueDate'] = issue.code;
  return issues;
}

export interface BuilderRow extends QualifiedInvoiceLineDto {
  isExcluded: boolean;
  /** The typed quantity is not a decimal with at most 3 decimals: the row keeps its last valid amount out. */
  isInvalid: boolean;
  /** Billed differs from reported (an edit, or an excluded line). */
  differs: boolean;
}

export interface BuilderState {
  rows: BuilderRow[];
  /** The shared rule's figures for the billed rows: the same the server prints. */
  totals: QualifiedInvoiceTotals;
  /** The draft's flags, then the billed-against-reported differences of the current edits. */
  flags: QualifiedInvoiceFlag[];
  isRegistrationMissing: boolean;
  /** A bank-transfer invoice without an account to print as 振込先: register one first. */
  isPayeeMissing: boolean;
  canGenerate: boolean;
  canRegister: boolean;
  /** Uploaded invoices that bill the month already: registering asks the transporter to confirm. */
  monthBilledByUploads: { invoiceId: number; invoiceNumber: number }[];
}

/** The table, totals and flags for the draft with the user's edits, recomputed on every change. */
export function builderState(draft: QualifiedInvoiceDraft, edits: BuilderEdits): BuilderState {
  const rows: BuilderRow[] = draft.lines.map((line) => {
    const typed = (edits.quantities[line.key] ?? line.quantity).trim();
    const isInvalid = !isBillableQuantity(typed);
    const isExcluded = edits.excluded.has(line.key);
    const quantity = isInvalid ? line.quantity : typed;
    return { ...line, quantity, amount: 0, isExcluded, isInvalid, differs: false };
  });
  const billed = rows.filter((r) => !r.isExcluded && !r.isInvalid);
  const totals = computeQualifiedInvoice(billed);
  const amountOf = new Map(totals.lines.map((l, i) => [billed[i]!.key, l.amount]));
  const differences = compareBilledToReported(
    billed.map((r) => ({ key: r.key, description: r.description, unit: r.unit, quantity: r.quantity })),
    draft.lines.map((l) => ({
      key: l.key,
      description: l.description,
      unit: l.unit,
      quantity: l.reportedQuantity,
    })),
  );
  const differing = new Set(differences.map((d) => d.key));
  const isRegistrationMissing = !draft.issuer.registrationNumber;
  const isPayeeMissing = draft.flags.some((f) => f.code === 'BANK_ACCOUNT_MISSING');
  const isBlocked = isRegistrationMissing || isPayeeMissing;
  const monthBilledBy = draft.flags.flatMap((f) => (f.code === 'MONTH_ALREADY_BILLED' ? [f] : []));
  // A generated invoice of the month: registering is refused. Uploaded ones only: a warning to confirm.
  const isMonthRefused = monthBilledBy.some((f) => f.source === 'GENERATED');
  const hasInvalid = rows.some((r) => !r.isExcluded && r.isInvalid);
  return {
    rows: rows.map((r) => ({ ...r, amount: amountOf.get(r.key) ?? 0, differs: differing.has(r.key) })),
    totals,
    flags: [
      ...draft.flags.filter((f) => f.code !== 'QUANTITY_DIFFERS'),
      ...differences.map((d) => ({ code: 'QUANTITY_DIFFERS' as const, ...d })),
    ],
    isRegistrationMissing,
    isPayeeMissing,
    canGenerate: !isBlocked && !hasInvalid && billed.length > 0,
    // The PDF can still be previewed; registering would bill the month's reports twice.
    canRegister: !isBlocked && !hasInvalid && billed.length > 0 && !isMonthRefused,
    monthBilledByUploads: isMonthRefused
      ? []
      : monthBilledBy.map((f) => ({ invoiceId: f.invoiceId, invoiceNumber: f.invoiceNumber })),
  };
}

/** The PDF call's body: the billed lines by key with their quantities (the server recomputes every amount). */
export function pdfRequestOf(
  draft: QualifiedInvoiceDraft,
  state: BuilderState,
  dates: { billingDate: string; dueDate: string },
): QualifiedInvoicePdfRequest {
  return {
    projectId: draft.projectId,
    month: draft.month,
    billingDate: dates.billingDate,
    dueDate: dates.dueDate,
    lines: state.rows.filter((r) => !r.isExcluded).map((r) => ({ key: r.key, quantity: r.quantity })),
  };
}

/** The i18n key and values of a flag's sentence. */
export function flagMessage(flag: QualifiedInvoiceFlag): {
  key: string;
  values: Record<string, string | number>;
} {
  switch (flag.code) {
    case 'REGISTRATION_NUMBER_MISSING':
    case 'BANK_ACCOUNT_MISSING':
    case 'NO_APPROVED_REPORTS':
      return { key: `qualifiedInvoice.flag.${flag.code}`, values: {} };
    case 'MONTH_ALREADY_BILLED':
      return {
        key:
          flag.source === 'GENERATED'
            ? 'qualifiedInvoice.flag.MONTH_ALREADY_BILLED'
            : 'qualifiedInvoice.flag.MONTH_BILLED_BY_UPLOAD',
        values: { invoiceNumber: formatInvoiceNumber(flag.invoiceNumber) },
      };
    case 'REPORTS_NOT_SETTLED':
      return { key: `qualifiedInvoice.flag.${flag.code}`, values: { count: flag.count } };
    case 'UNIT_MISMATCH':
      return {
        key: `qualifiedInvoice.flag.${flag.code}`,
        values: {
          description: flag.description,
          quantity: flag.quantity,
          reportedUnit: flag.reportedUnit ?? '—',
          contractUnit: flag.contractUnit ?? '—',
          count: flag.reportCount,
        },
      };
    case 'NO_CONTRACT_PRICE':
      return {
        key: `qualifiedInvoice.flag.${flag.code}`,
        values: {
          description: flag.description,
          quantity: flag.quantity,
          unit: flag.unit ?? '',
          count: flag.reportCount,
        },
      };
    case 'QUANTITY_DIFFERS':
      return {
        key:
          flag.billed == null
            ? 'qualifiedInvoice.flag.NOT_BILLED'
            : flag.reported == null
              ? 'qualifiedInvoice.flag.NOT_REPORTED'
              : 'qualifiedInvoice.flag.QUANTITY_DIFFERS',
        values: {
          description: flag.description,
          unit: flag.unit,
          billed: flag.billed ?? '0',
          reported: flag.reported ?? '0',
          difference: flag.difference,
        },
      };
  }
}

/**
 * Warnings need a look before sending; a missing registration number or 振込先 blocks generating, a generated
 * invoice of the month blocks registering (an uploaded one is a warning).
 */
export function flagSeverity(flag: QualifiedInvoiceFlag): 'error' | 'warning' | 'info' {
  if (flag.code === 'REGISTRATION_NUMBER_MISSING' || flag.code === 'BANK_ACCOUNT_MISSING') return 'error';
  if (flag.code === 'MONTH_ALREADY_BILLED') return flag.source === 'GENERATED' ? 'error' : 'warning';
  if (flag.code === 'NO_APPROVED_REPORTS') return 'info';
  return 'warning';
}

/**
 * Billing date the month's last day; due date the last day of the next month (the contracts' payment clause:
 * 請求書受領月の翌月末日). Plain dates, read as text.
 */
export function defaultDates(draft: Pick<QualifiedInvoiceDraft, 'periodTo'>): {
  billingDate: string;
  dueDate: string;
} {
  const [year, month] = draft.periodTo.split('-').map(Number) as [number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return {
    billingDate: draft.periodTo,
    dueDate: `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`,
  };
}
