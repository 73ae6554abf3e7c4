import type { HandlingWastePrice, HandlingWastePriceRequest } from '@junkan/shared/api/handling-waste-prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HANDLING_WASTE_PRICE_KEY } from './keys';

/** POST /handling-waste-unit-price: refused with period_overlap when the waste has a price in the period. */
export const createHandlingWastePrice = (body: HandlingWastePriceRequest) =>
  api.post<HandlingWastePrice>('/handling-waste-unit-price', body);

export function useCreateHandlingWastePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHandlingWastePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HANDLING_WASTE_PRICE_KEY }),
  });
}
