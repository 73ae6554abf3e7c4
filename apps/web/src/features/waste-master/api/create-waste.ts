import type { WasteItem, WasteRequest } from '@junkan/shared/api/waste';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WASTES_KEY } from '../../../lib/reference-data/wastes';

/** POST /waste: a classification under the node its parentPath names. */
export const createWaste = (body: WasteRequest) => api.post<WasteItem>('/waste', body);

export function useCreateWaste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWaste,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WASTES_KEY }),
  });
}
