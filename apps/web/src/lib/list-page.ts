import type { Role } from '@junkan/shared/enums';
import { useSearchParams } from 'react-router';
import { type CompanyFilter, useCompanyFilter } from './company-filter';
import { useSession } from './use-session';

/** How a list page's filters are read from and written to the address. */
export interface AddressFilters<F> {
  parse: (params: URLSearchParams) => F;
  toParams: (filters: F) => URLSearchParams;
}

/**
 * Whose list a page shows: a transporter's follows the header's company selector (`companyFilter`); a
 * discharger's is its own company's (no filter).
 */
export function listParty(roles: readonly Role[], companyId: CompanyFilter) {
  const isTransport = roles.includes('TRANSPORT');
  return { isTransport, isDischarger: !isTransport, companyFilter: isTransport ? companyId : null };
}

/** The address parameters of the filters `search` holds with `change` made to them. */
export function changedFilterParams<F>(
  search: string,
  codec: AddressFilters<F>,
  change: Partial<F>,
): URLSearchParams {
  return codec.toParams({ ...codec.parse(new URLSearchParams(search)), ...change });
}

/**
 * A list page's party (`listParty`) and its filters, kept in the address. `update` changes them from the
 * address, not this render's filters: the router renders a change as a transition, so a second change made
 * before that render would otherwise drop the first. It replaces the history entry.
 */
export function useListPage<F>(codec: AddressFilters<F>) {
  const { roles } = useSession();
  const { companyId } = useCompanyFilter();
  const [params, setParams] = useSearchParams();
  const update = (change: Partial<F>) =>
    setParams(changedFilterParams(window.location.search, codec, change), { replace: true });
  return { ...listParty(roles, companyId), filters: codec.parse(params), update };
}
