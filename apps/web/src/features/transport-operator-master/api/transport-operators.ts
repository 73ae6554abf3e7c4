import type {
  TransportOperatorListQuery,
  TransportOperatorPage,
} from '@junkan/shared/api/transport-operators';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TRANSPORT_OPERATORS_KEY = ['transport-operator-master'] as const;

/** GET /admin/transport-operators?query=&page=&size= : transport companies with their profile. */
export const fetchTransportOperators = (query: TransportOperatorListQuery) =>
  api.get<TransportOperatorPage>('/admin/transport-operators', { ...query });

export const transportOperatorsQueryOptions = (query: TransportOperatorListQuery) =>
  queryOptions({
    queryKey: [...TRANSPORT_OPERATORS_KEY, 'list', query],
    queryFn: () => fetchTransportOperators(query),
    placeholderData: keepPreviousData,
  });

export const useTransportOperators = (query: TransportOperatorListQuery) =>
  useQuery(transportOperatorsQueryOptions(query));
