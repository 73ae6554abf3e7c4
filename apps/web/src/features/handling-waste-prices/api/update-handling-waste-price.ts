import type { HandlingWastePrice, HandlingWastePriceRequest } from '@junkan/shared/api/handling-waste-prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HANDLING_WASTE_PRICE_KEY } from './keys';

/** PUT /handling-waste-unit-price/{id}. */
export const updateHandlingWastePrice = (id: number, body: HandlingWastePriceRequest) =>
  api.put<HandlingWastePrice>(`/handling-waste-unit-price/${id}`, body);

export function useUpdateHandlingWastePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: HandlingWastePriceRequest }) =>
      updateHandlingWastePrice(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HANDLING_WASTE_PRICE_KEY }),
  });
}
