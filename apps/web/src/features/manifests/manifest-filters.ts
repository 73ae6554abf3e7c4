import { isIsoDate } from '@junkan/shared/business-day';
import { MANIFEST_STATUSES, type ManifestStatus } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';
import type { CompanyFilter } from '../../lib/company-filter';

export const MANIFEST_MANAGEMENT_PATH = paths.manifestManagement.path;

/** Manifest numbers are 11 digits; the search takes a part of one. */
export const MANIFEST_NUMBER_LENGTH = 11;

/** The list's filters; they live in the address so a reload or the back button keeps them. */
export interface ManifestFilters {
  manifestNumber: string;
  status: ManifestStatus | null;
  /** Delivery date range, YYYY-MM-DD (Japan dates). */
  deliveryFrom: string | null;
  deliveryTo: string | null;
}

export const EMPTY_MANIFEST_FILTERS: ManifestFilters = {
  manifestNumber: '',
  status: null,
  deliveryFrom: null,
  deliveryTo: null,
};

export function parseManifestStatus(raw: string | null | undefined): ManifestStatus | null {
  return (MANIFEST_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ManifestStatus) : null;
}

const dateParam = (raw: string | null): string | null => {
  const value = (raw ?? '').trim();
  return isIsoDate(value) ? value : null;
};

/** Filters from the address; malformed values are dropped, a reversed date range is put in order. */
export function parseManifestFilters(params: URLSearchParams): ManifestFilters {
  let deliveryFrom = dateParam(params.get('deliveryFrom'));
  let deliveryTo = dateParam(params.get('deliveryTo'));
  if (deliveryFrom && deliveryTo && deliveryFrom > deliveryTo)
    [deliveryFrom, deliveryTo] = [deliveryTo, deliveryFrom];
  return {
    manifestNumber: (params.get('manifestNumber') ?? '').trim().slice(0, MANIFEST_NUMBER_LENGTH),
    status: parseManifestStatus(params.get('status')),
    deliveryFrom,
    deliveryTo,
  };
}

/** The address of the filters, empty ones left out. */
export function manifestFiltersToParams(filters: ManifestFilters): URLSearchParams {
  const params = new URLSearchParams();
  const number = filters.manifestNumber.trim();
  if (number) params.set('manifestNumber', number);
  if (filters.status) params.set('status', filters.status);
  if (filters.deliveryFrom) params.set('deliveryFrom', filters.deliveryFrom);
  if (filters.deliveryTo) params.set('deliveryTo', filters.deliveryTo);
  return params;
}

/** Query of GET /manifests, or /trans/manifests with the header's company selector. */
export function manifestListQuery(
  filters: ManifestFilters,
  companyId: CompanyFilter | null,
): Record<string, string | number> {
  const query: Record<string, string | number> = Object.fromEntries(manifestFiltersToParams(filters));
  if (companyId !== null) query.companyId = companyId;
  return query;
}

/** The detail page's manifest number, or null when there is none to open (back to the list). */
export function parseManifestNumberParam(params: URLSearchParams): string | null {
  const value = (params.get('manifestNumber') ?? '').trim();
  return value === '' ? null : value;
}

/** A Japan date (YYYY-MM-DD) as shown, 2026/04/30; read as text so the machine's time zone cannot shift it. */
export function formatManifestDate(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replaceAll('-', '/') : value;
}
