import { INQUIRY_SORT_KEYS, type InquirySortKey } from '@junkan/shared/api/inquiries';
import {
  COMPANY_TYPES,
  type CompanyType,
  INQUIRY_IMPORTANCES,
  INQUIRY_STATUSES,
  type InquiryImportance,
  type InquiryStatus,
} from '@junkan/shared/enums';
import { MAX_ID } from '@junkan/shared/field-rules';
import { INQUIRY_MAX_LENGTH, type InquirySide } from '@junkan/shared/inquiry-rules';

/**
 * The inquiry list's filters, page, order and the inquiry whose detail is open: they live in the address, so a
 * reload, the back button, a mail's link (?open=12) or a shared link keeps them. Malformed values fall back.
 */
export interface InquiryFilters {
  status: InquiryStatus | null;
  importance: InquiryImportance | null;
  query: string;
  /** Support's list only: one side's companies. */
  companyType: CompanyType | null;
  page: number;
  size: number;
  sort: InquirySortKey;
  order: 'asc' | 'desc';
  open: number | null;
}

export const INQUIRY_PAGE_SIZES = [20, 50, 100] as const;

export const DEFAULT_INQUIRY_FILTERS: InquiryFilters = {
  status: null,
  importance: null,
  query: '',
  companyType: null,
  page: 1,
  size: 20,
  sort: 'lastMessageAt',
  order: 'desc',
  open: null,
};

const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | null =>
  (list as readonly string[]).includes(raw ?? '') ? (raw as T) : null;

const wholeNumber = (raw: string | null, min: number, max: number): number | null => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};

export function parseInquiryFilters(params: URLSearchParams): InquiryFilters {
  const size = wholeNumber(params.get('size'), 1, 100);
  return {
    status: oneOf(INQUIRY_STATUSES, params.get('status')),
    importance: oneOf(INQUIRY_IMPORTANCES, params.get('importance')),
    query: (params.get('query') ?? '').trim().slice(0, INQUIRY_MAX_LENGTH.query),
    companyType: oneOf(COMPANY_TYPES, params.get('companyType')),
    page: wholeNumber(params.get('page'), 1, 1_000_000) ?? 1,
    size:
      size && (INQUIRY_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_INQUIRY_FILTERS.size,
    sort: oneOf(INQUIRY_SORT_KEYS, params.get('sort')) ?? DEFAULT_INQUIRY_FILTERS.sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    open: wholeNumber(params.get('open'), 1, MAX_ID),
  };
}

/** The address of the filters, defaults left out. */
export function inquiryFiltersToParams(f: InquiryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.importance) params.set('importance', f.importance);
  if (f.query) params.set('query', f.query);
  if (f.companyType) params.set('companyType', f.companyType);
  if (f.page !== 1) params.set('page', String(f.page));
  if (f.size !== DEFAULT_INQUIRY_FILTERS.size) params.set('size', String(f.size));
  if (f.sort !== DEFAULT_INQUIRY_FILTERS.sort) params.set('sort', f.sort);
  if (f.order !== DEFAULT_INQUIRY_FILTERS.order) params.set('order', f.order);
  if (f.open !== null) params.set('open', String(f.open));
  return params;
}

/** The query of the side's list call: the filters with page and order; the side filter for support only. */
export function inquiryListQuery(f: InquiryFilters, side: InquirySide): Record<string, string | number> {
  const query: Record<string, string | number> = { page: f.page, size: f.size, sort: f.sort, order: f.order };
  if (f.status) query.status = f.status;
  if (f.importance) query.importance = f.importance;
  if (f.query) query.query = f.query;
  if (side === 'ADMIN' && f.companyType) query.companyType = f.companyType;
  return query;
}
