import type { AdminNotice, NoticeInput } from '@junkan/shared/api/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTICES_KEY } from './notice-list';

/** POST /admin/notices, or PUT /admin/notices/{id} with an id. */
export const saveNotice = ({ id, body }: { id?: number; body: NoticeInput }) =>
  id === undefined
    ? api.post<AdminNotice>('/admin/notices', body)
    : api.put<AdminNotice>(`/admin/notices/${id}`, body);

/** POST /admin/notices/{id}/withdraw (unpublish now) or /restore. */
export const setNoticeWithdrawn = ({ id, withdrawn }: { id: number; withdrawn: boolean }) =>
  api.post<AdminNotice>(`/admin/notices/${id}/${withdrawn ? 'withdraw' : 'restore'}`);

/** DELETE /admin/notices/{id}. */
export const deleteNotice = (id: number) => api.delete(`/admin/notices/${id}`);

const useNoticeWrite = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
};

export const useSaveNotice = () => useNoticeWrite(saveNotice);
export const useSetNoticeWithdrawn = () => useNoticeWrite(setNoticeWithdrawn);
export const useDeleteNotice = () => useNoticeWrite(deleteNotice);
