import type { InquiryDetail } from '@junkan/shared/api/inquiries';
import type { InquiryImportance } from '@junkan/shared/enums';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inquiryDetailQueryOptions } from './inquiry-detail';
import { INQUIRIES_KEY, inquiryBase } from './keys';

/** POST .../inquiries/{id}/close: CLOSED (a discharger's "solved"). */
export const closeInquiry = (side: InquirySide, id: number) =>
  api.post<InquiryDetail>(`${inquiryBase(side)}/${id}/close`);

/** DELETE .../inquiries/{id}: gone from the lists (a discharger's cancel). */
export const deleteInquiry = (side: InquirySide, id: number) =>
  api.delete<{ result: boolean }>(`${inquiryBase(side)}/${id}`);

/** PUT /admin/inquiries/{id}/importance: support's triage. */
export const setInquiryImportance = (id: number, importance: InquiryImportance) =>
  api.put<InquiryDetail>(`/admin/inquiries/${id}/importance`, { importance });

/** The three actions of the detail; each refreshes every inquiry query. */
export function useInquiryActions(side: InquirySide, id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
  return {
    close: useMutation({ mutationFn: () => closeInquiry(side, id), onSuccess }),
    // The deleted inquiry's detail is 404 from now on: dropped, not refetched; the lists are.
    remove: useMutation({
      mutationFn: () => deleteInquiry(side, id),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: inquiryDetailQueryOptions(side, id).queryKey });
        return queryClient.invalidateQueries({ queryKey: [...INQUIRIES_KEY, 'list'] });
      },
    }),
    importance: useMutation({
      mutationFn: (importance: InquiryImportance) => setInquiryImportance(id, importance),
      onSuccess,
    }),
  };
}
