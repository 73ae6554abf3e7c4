import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HANDLING_WASTE_PRICE_KEY } from './keys';

/** DELETE /handling-waste-unit-price/{id}. */
export const deleteHandlingWastePrice = (id: number) =>
  api.delete<{ result: boolean }>(`/handling-waste-unit-price/${id}`);

export function useDeleteHandlingWastePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHandlingWastePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HANDLING_WASTE_PRICE_KEY }),
  });
}
