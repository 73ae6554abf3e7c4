import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTICES_KEY } from './notice-list';

/** PUT /notices/{id}/read: the user opened the notice. */
export const markNoticeRead = (id: number) => api.put(`/notices/${id}/read`);

/** POST /notices/read-all. */
export const markAllNoticesRead = () => api.post('/notices/read-all');

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}

export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNoticesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
