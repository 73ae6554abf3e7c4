import type { WasteItem, WasteRequest } from '@junkan/shared/api/waste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WASTES_KEY } from '../../../lib/reference-data/wastes';

/** PUT /waste/{id}: name, code, conversion factors (and a major class's category); it does not move. */
export const updateWaste = (id: number, body: WasteRequest) => api.put<WasteItem>(`/waste/${id}`, body);

export function useUpdateWaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WasteRequest }) => updateWaste(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WASTES_KEY }),
  });
}
