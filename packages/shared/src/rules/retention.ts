import { addMonths } from '../contract-rules';

/**
 * Retention (Waste Management Act): manifests, completion reports, contracts and permits are kept five years
 * from their last date, and nothing deletes them before. The last date of each kind is the latest date the
 * record holds (below); it is kept through the day five years later and may go the day after.
 * Invoices are tax records, kept longer (`invoiceRetentionUntil`); `keptUntil` answers the day for any kind.
 */
export const RETENTION_YEARS = 5;

/** Invoices: seven years (Corporation Tax Act, Consumption Tax Act for qualified invoices), counted as below. */
export const INVOICE_RETENTION_YEARS = 7;

/** The latest of the dates given (YYYY-MM-DD; nulls ignored), or null when there is none. */
export function latestDate(...dates: readonly (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  for (const d of dates) if (d && (latest === null || d > latest)) latest = d;
  return latest;
}

/** The last day a record whose last date is `lastDate` must be kept: five years on (29 Feb -> 28 Feb). */
export function retentionUntil(lastDate: string): string {
  return addMonths(lastDate, RETENTION_YEARS * 12);
}

/** Whether the record may not be deleted on `today` (Japan date): until and including `retentionUntil`. */
export function isRetained(lastDate: string, today: string): boolean {
  return today <= retentionUntil(lastDate);
}

/** The refusal of a delete on `today`, with the day until which the record is kept; null once it may go. */
export function retentionRefusal(
  lastDate: string,
  today: string,
): { code: 'retention_period_until'; params: { until: string } } | null {
  return isRetained(lastDate, today)
    ? { code: 'retention_period_until', params: { until: retentionUntil(lastDate) } }
    : null;
}

/**
 * The last date of each kind, from its own dates and the Japan dates of its timestamps. A manifest's update time
 * is left out: reading a manifest refreshes it from the network, which must not extend its retention.
 */
export const RETENTION_LAST_DATE = {
  manifest: (m: {
    deliveryDate: string | null;
    transportEndDate: string | null;
    disposalEndDate: string | null;
    finalDisposalEndDate: string | null;
    createdOn: string;
  }) =>
    latestDate(m.deliveryDate, m.transportEndDate, m.disposalEndDate, m.finalDisposalEndDate, m.createdOn)!,
  transportReport: (r: {
    collectTime: string;
    endDateTransport: string;
    lastEndDateTransport: string | null;
    updatedOn: string;
    deletedOn: string | null;
  }) => latestDate(r.collectTime, r.endDateTransport, r.lastEndDateTransport, r.updatedOn, r.deletedOn)!,
  /** A monthly report stands for its month's last day. */
  regularReport: (r: { year: number; month: number; updatedOn: string }) =>
    latestDate(lastDayOfMonth(r.year, r.month), r.updatedOn)!,
  contract: (c: { endDate: string; updatedOn: string }) => latestDate(c.endDate, c.updatedOn)!,
  permit: (p: { expiryDate: string; retiredOn: string | null; updatedOn: string }) =>
    latestDate(p.expiryDate, p.retiredOn, p.updatedOn)!,
  /** An invoice version: its billing and due dates, its payment, its last change, its replacement. */
  invoice: (i: {
    billingDate: string;
    dueDate: string;
    settlementDate: string | null;
    updatedOn: string;
    supersededOn: string | null;
  }) => latestDate(i.billingDate, i.dueDate, i.settlementDate, i.updatedOn, i.supersededOn)!,
} as const;

export type RetainedKind = keyof typeof RETENTION_LAST_DATE;

/**
 * The last day an invoice whose last date is `lastDate` must be kept. The tax rules count seven years from the
 * day after the return's deadline, two months after the close of the fiscal year holding the invoice (the
 * qualified invoice rule: from two months after the taxable period's end). The product does not know a company's
 * fiscal year, so it takes the latest close possible: a year that closes at the end of the eleventh month after
 * the last date's month. Kept through the end of the 97th month after it (a March year end: an invoice of
 * 2026-04-15 closes 2027-03-31, is due for the return 2027-05-31 and is kept through 2034-05-31). A year with a
 * loss carried forward asks for ten years; the product deletes no invoice, so this is the least it keeps.
 */
export function invoiceRetentionUntil(lastDate: string): string {
  const [year, month] = lastDate.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, month - 1 + 12 * INVOICE_RETENTION_YEARS + 13 + 1, 0));
  return end.toISOString().slice(0, 10);
}

const RETENTION_UNTIL: Record<RetainedKind, (lastDate: string) => string> = {
  manifest: retentionUntil,
  transportReport: retentionUntil,
  regularReport: retentionUntil,
  contract: retentionUntil,
  permit: retentionUntil,
  invoice: invoiceRetentionUntil,
};

/** The last day a record of `kind` is kept, from its dates (what the detail answers show as `keptUntil`). */
export function keptUntil<K extends RetainedKind>(
  kind: K,
  record: Parameters<(typeof RETENTION_LAST_DATE)[K]>[0],
): string {
  const lastDate = (RETENTION_LAST_DATE[kind] as (r: typeof record) => string)(record);
  return RETENTION_UNTIL[kind](lastDate);
}

function lastDayOfMonth(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}
