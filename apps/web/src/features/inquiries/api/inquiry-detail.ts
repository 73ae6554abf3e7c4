import type { InquiryDetail } from '@junkan/shared/api/inquiries';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INQUIRIES_KEY, inquiryBase } from './keys';

/** GET .../inquiries/{id}: the inquiry with its whole history, its files and what the caller may do. */
export const getInquiryDetail = (side: InquirySide, id: number) =>
  api.get<InquiryDetail>(`${inquiryBase(side)}/${id}`);

export const inquiryDetailQueryOptions = (side: InquirySide, id: number) =>
  queryOptions({
    queryKey: [...INQUIRIES_KEY, 'detail', side, id],
    queryFn: () => getInquiryDetail(side, id),
  });

export const useInquiryDetail = (side: InquirySide, id: number | null) =>
  useQuery({ ...inquiryDetailQueryOptions(side, id ?? 0), enabled: id !== null });
