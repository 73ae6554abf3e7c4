import type { InquiryPage } from '@junkan/shared/api/inquiries';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INQUIRIES_KEY, inquiryBase } from './keys';

type ListQuery = Record<string, string | number>;

/** GET /inquiries, /trans/inquiries or /admin/inquiries: one page of the side's inquiries. */
export const getInquiryList = (side: InquirySide, query: ListQuery) =>
  api.get<InquiryPage>(inquiryBase(side), query);

export const inquiryListQueryOptions = (side: InquirySide, query: ListQuery) =>
  queryOptions({
    queryKey: [...INQUIRIES_KEY, 'list', side, query],
    queryFn: () => getInquiryList(side, query),
    // The table keeps the last page while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useInquiryList = (side: InquirySide, query: ListQuery) =>
  useQuery(inquiryListQueryOptions(side, query));
