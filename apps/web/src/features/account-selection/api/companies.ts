import type { TokenResponse } from '@junkan/shared/api/common';
import type { CompanyListItem } from '@junkan/shared/api/companies';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OperatorType = 'WASTE' | 'TRANSPORT';

export const adminCompaniesQueryOptions = (type: OperatorType) =>
  queryOptions({
    queryKey: ['admin-companies', type],
    queryFn: () =>
      api.get<CompanyListItem[]>(
        type === 'TRANSPORT' ? '/admin/companies/transport' : '/admin/companies/waste',
      ),
  });

/** A token for the chosen operator, carrying the admin's id (adminId claim). */
export const createOperatorToken = (id: number, type: OperatorType) =>
  api.post<TokenResponse>(`/admin/companies/${id}/auth-token?isTransport=${type === 'TRANSPORT'}`);
