import type { UpdateInfo, UpdateInfoInput } from '@junkan/shared/api/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UPDATE_INFOS_KEY } from './update-infos';

/** POST /admin/update-infos, or PUT /admin/update-infos/{id} with an id. */
export const saveUpdateInfo = ({ id, body }: { id?: number; body: UpdateInfoInput }) =>
  id === undefined
    ? api.post<UpdateInfo>('/admin/update-infos', body)
    : api.put<UpdateInfo>(`/admin/update-infos/${id}`, body);

/** DELETE /admin/update-infos/{id}. */
export const deleteUpdateInfo = (id: number) => api.delete(`/admin/update-infos/${id}`);

const useUpdateInfoWrite = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: UPDATE_INFOS_KEY }),
  });
};

export const useSaveUpdateInfo = () => useUpdateInfoWrite(saveUpdateInfo);
export const useDeleteUpdateInfo = () => useUpdateInfoWrite(deleteUpdateInfo);
