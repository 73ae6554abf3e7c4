import { MAX_PAGE_SIZE } from '@junkan/shared/api/common';
import {
  INVOICE_LIST_VERSIONS,
  INVOICE_SORT_KEYS,
  type InvoiceListVersions,
  type InvoiceSortKey,
} from '@junkan/shared/api/invoices';
import { isIsoDate } from '@junkan/shared/business-day';
import {
  INVOICE_AMOUNT_MAX,
  INVOICE_STATUSES,
  type InvoiceStatus,
  parseInvoiceNumber,
} from '@junkan/shared/invoice-rules';
import type { CompanyFilter } from '../../lib/company-filter';

/**
 * The invoice list's filters, page and order: they live in the address, so a reload, the back button or a
 * shared link keeps them. Malformed values fall back to their defaults.
 */
export interface InvoiceFilters {
  status: InvoiceStatus | null;
  billingFrom: string | null;
  billingTo: string | null;
  amountMin: number | null;
  amountMax: number | null;
  /** The counterparty (the discharger for a transporter, the transporter for a discharger). */
  companyId: number | null;
  projectId: number | null;
  overdue: boolean;
  /** 請求書番号 as typed (kept only when it names a number: 123, 000123, 000123-2). */
  invoiceNumber: string | null;
  /** Kept (superseded) versions asked for or left out; null: as the search implies (`includesKeptVersions`). */
  versions: InvoiceListVersions | null;
  page: number;
  size: number;
  sort: InvoiceSortKey;
  order: 'asc' | 'desc';
}

export const INVOICE_PAGE_SIZES = [20, 50, 100] as const;

export const DEFAULT_INVOICE_FILTERS: InvoiceFilters = {
  status: null,
  billingFrom: null,
  billingTo: null,
  amountMin: null,
  amountMax: null,
  companyId: null,
  projectId: null,
  overdue: false,
  invoiceNumber: null,
  versions: null,
  page: 1,
  size: 20,
  sort: 'billingDate',
  order: 'desc',
};

const wholeNumber = (raw: string | null, min: number, max: number): number | null => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};
const dateParam = (raw: string | null) => (raw && isIsoDate(raw) ? raw : null);
const numberParam = (raw: string | null) => (raw && parseInvoiceNumber(raw) !== null ? raw.trim() : null);

export function parseInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  let billingFrom = dateParam(params.get('billingFrom'));
  let billingTo = dateParam(params.get('billingTo'));
  if (billingFrom && billingTo && billingFrom > billingTo)
    [billingFrom, billingTo] = [billingTo, billingFrom];
  let amountMin = wholeNumber(params.get('amountMin'), 0, INVOICE_AMOUNT_MAX);
  let amountMax = wholeNumber(params.get('amountMax'), 0, INVOICE_AMOUNT_MAX);
  if (amountMin !== null && amountMax !== null && amountMin > amountMax)
    [amountMin, amountMax] = [amountMax, amountMin];
  const status = params.get('status');
  const sort = params.get('sort');
  const size = wholeNumber(params.get('size'), 1, MAX_PAGE_SIZE);
  return {
    status: (INVOICE_STATUSES as readonly string[]).includes(status ?? '') ? (status as InvoiceStatus) : null,
    billingFrom,
    billingTo,
    amountMin,
    amountMax,
    companyId: wholeNumber(params.get('companyId'), 1, 2_147_483_647),
    projectId: wholeNumber(params.get('projectId'), 1, 2_147_483_647),
    overdue: params.get('overdue') === 'true',
    invoiceNumber: numberParam(params.get('invoiceNumber')),
    versions: (INVOICE_LIST_VERSIONS as readonly string[]).includes(params.get('versions') ?? '')
      ? (params.get('versions') as InvoiceListVersions)
      : null,
    page: wholeNumber(params.get('page'), 1, 1_000_000) ?? 1,
    size:
      size && (INVOICE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_INVOICE_FILTERS.size,
    sort: (INVOICE_SORT_KEYS as readonly string[]).includes(sort ?? '')
      ? (sort as InvoiceSortKey)
      : 'billingDate',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address of the filters, defaults left out. */
export function invoiceFiltersToParams(f: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.billingFrom) params.set('billingFrom', f.billingFrom);
  if (f.billingTo) params.set('billingTo', f.billingTo);
  if (f.amountMin !== null) params.set('amountMin', String(f.amountMin));
  if (f.amountMax !== null) params.set('amountMax', String(f.amountMax));
  if (f.companyId !== null) params.set('companyId', String(f.companyId));
  if (f.projectId !== null) params.set('projectId', String(f.projectId));
  if (f.overdue) params.set('overdue', 'true');
  if (f.invoiceNumber) params.set('invoiceNumber', f.invoiceNumber);
  if (f.versions) params.set('versions', f.versions);
  if (f.page !== 1) params.set('page', String(f.page));
  if (f.size !== DEFAULT_INVOICE_FILTERS.size) params.set('size', String(f.size));
  if (f.sort !== DEFAULT_INVOICE_FILTERS.sort) params.set('sort', f.sort);
  if (f.order !== DEFAULT_INVOICE_FILTERS.order) params.set('order', f.order);
  return params;
}

/**
 * Whether the list shows every kept version: as the address says, else as soon as the search names billing
 * dates or amounts. An accountant searching by date or amount (the electronic bookkeeping search) must find a
 * version that was sent and then corrected; the day's work (status, overdue, a project) sees current versions.
 */
export function includesKeptVersions(f: InvoiceFilters): boolean {
  if (f.versions) return f.versions === 'all';
  return f.billingFrom !== null || f.billingTo !== null || f.amountMin !== null || f.amountMax !== null;
}

/**
 * The query of GET /invoices (or /trans/invoices): every filter, with the page and order. For a transporter
 * the header's company selector, when it names a company, is the counterparty.
 */
export function invoiceListQuery(
  f: InvoiceFilters,
  header: CompanyFilter | null,
): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: f.page,
    size: f.size,
    sort: f.sort,
    order: f.order,
  };
  for (const [k, v] of invoiceFiltersToParams({
    ...f,
    versions: null,
    page: 1,
    size: 20,
    sort: 'billingDate',
    order: 'desc',
  }))
    query[k] = v;
  if (includesKeptVersions(f)) query.versions = 'all';
  if (typeof header === 'number') query.companyId = header;
  return query;
}
