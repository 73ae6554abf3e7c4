import type { TransportOperator } from '@junkan/shared/api/transport-operators';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSPORT_OPERATORS_KEY } from './transport-operators';

/** GET /admin/transport-operators/{companyId}: the profile as saved now, for the edit modal. */
export const fetchTransportOperator = (companyId: number) =>
  api.get<TransportOperator>(`/admin/transport-operators/${companyId}`);

export const useTransportOperator = (companyId: number | null) =>
  useQuery({
    queryKey: [...TRANSPORT_OPERATORS_KEY, 'detail', companyId],
    queryFn: () => fetchTransportOperator(companyId as number),
    enabled: companyId !== null,
    staleTime: 0,
  });
