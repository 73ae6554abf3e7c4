import type { HandlingWastePricePage } from '@junkan/shared/api/handling-waste-prices';
import type { PeriodPriceListQuery } from '@junkan/shared/api/period-prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HANDLING_WASTE_PRICE_KEY } from './keys';

/** GET /handling-waste-unit-price: a page of prices with the waste's name. */
export const fetchHandlingWastePrices = (params: PeriodPriceListQuery) =>
  api.get<HandlingWastePricePage>('/handling-waste-unit-price', {
    ...params,
    currentOnly: params.currentOnly ? 'true' : undefined,
  });

export const handlingWastePricesQueryOptions = (params: PeriodPriceListQuery) =>
  queryOptions({
    queryKey: [...HANDLING_WASTE_PRICE_KEY, 'list', params],
    queryFn: () => fetchHandlingWastePrices(params),
    placeholderData: keepPreviousData,
  });

export const useHandlingWastePrices = (params: PeriodPriceListQuery) =>
  useQuery(handlingWastePricesQueryOptions(params));
