import type {
  DisposalUnitPrice,
  DisposalUnitPricePage,
  DisposalUnitPriceRequest,
} from '@junkan/shared/api/disposal-unit-prices';
import type { PeriodPriceListQuery } from '@junkan/shared/api/period-prices';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISPOSAL_UNIT_PRICE_KEY } from './keys';

const URL = '/trans/disposal-unit-prices';

/** GET /trans/disposal-unit-prices: a page of the company's prices with the waste's name and the unit. */
export const fetchDisposalUnitPrices = (params: PeriodPriceListQuery) =>
  api.get<DisposalUnitPricePage>(URL, { ...params, currentOnly: params.currentOnly ? 'true' : undefined });

export const disposalUnitPricesQueryOptions = (params: PeriodPriceListQuery) =>
  queryOptions({
    queryKey: [...DISPOSAL_UNIT_PRICE_KEY, 'list', params],
    queryFn: () => fetchDisposalUnitPrices(params),
    placeholderData: keepPreviousData,
  });

export const useDisposalUnitPrices = (params: PeriodPriceListQuery) =>
  useQuery(disposalUnitPricesQueryOptions(params));

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DISPOSAL_UNIT_PRICE_KEY });
}

/** POST: refused with period_overlap (on validFrom) when the waste and unit have a price in the period. */
export function useCreateDisposalUnitPrice() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (body: DisposalUnitPriceRequest) => api.post<DisposalUnitPrice>(URL, body),
    onSuccess,
  });
}

export function useUpdateDisposalUnitPrice() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DisposalUnitPriceRequest }) =>
      api.put<DisposalUnitPrice>(`${URL}/${id}`, body),
    onSuccess,
  });
}

export function useDeleteDisposalUnitPrice() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ result: boolean }>(`${URL}/${id}`),
    onSuccess,
  });
}
