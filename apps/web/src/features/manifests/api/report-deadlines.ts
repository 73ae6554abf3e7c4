import type { ReportDeadlineList } from '@junkan/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CompanyFilter } from '../../../lib/company-filter';
import { MANIFESTS_KEY, rolePath } from './keys';

/**
 * GET /report-deadlines (discharger: its manifests with no transport report yet) or /trans/report-deadlines
 * (transporter: due soon or overdue, narrowed by the header's company selector).
 */
export const getReportDeadlines = (isTransport: boolean, companyId: CompanyFilter | null) =>
  api.get<ReportDeadlineList>(
    rolePath(isTransport, '/report-deadlines'),
    isTransport && companyId !== null ? { companyId } : undefined,
  );

export const reportDeadlinesQueryOptions = (isTransport: boolean, companyId: CompanyFilter | null) =>
  queryOptions({
    queryKey: [...MANIFESTS_KEY, 'report-deadlines', isTransport ? 'trans' : 'waste', companyId],
    queryFn: () => getReportDeadlines(isTransport, companyId),
    // A panel beside other content: one failure is enough to hide it.
    retry: false,
  });

export const useReportDeadlines = (isTransport: boolean, companyId: CompanyFilter | null, enabled = true) =>
  useQuery({ ...reportDeadlinesQueryOptions(isTransport, companyId), enabled });
