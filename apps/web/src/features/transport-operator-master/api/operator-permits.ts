import type { OperatorPermit } from '@junkan/shared/api/transport-operators';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSPORT_OPERATORS_KEY } from './transport-operators';

/** GET /admin/transport-operators/{companyId}/permits: the operator's live permits, soonest expiry first. */
export const fetchOperatorPermits = (companyId: number) =>
  api.get<OperatorPermit[]>(`/admin/transport-operators/${companyId}/permits`);

export const useOperatorPermits = (companyId: number | null) =>
  useQuery({
    queryKey: [...TRANSPORT_OPERATORS_KEY, 'permits', companyId],
    queryFn: () => fetchOperatorPermits(companyId as number),
    enabled: companyId !== null,
  });
