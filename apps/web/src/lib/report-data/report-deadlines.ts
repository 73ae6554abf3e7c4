import type { ReportDeadlineList } from '@junkan/shared/api/manifests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import type { CompanyFilter } from '../company-filter';
import { MANIFESTS_KEY, rolePath } from './keys';

/**
 * GET /report-deadlines (discharger: its manifests with no transport report yet) or /trans/report-deadlines
 * (transporter: due soon or overdue, narrowed by the header's company selector); for both, the collected
 * industrial collections whose transport report is still missing.
 */
export const getReportDeadlines = (isTransport: boolean, companyId: CompanyFilter | null) =>
  api.get<ReportDeadlineList>(
    rolePath(isTransport, '/report-deadlines'),
    isTransport && companyId !== null ? { companyId } : undefined,
  );

/**
 * Both sides' deadlines sit under this key: a manifest or report write refreshes them through MANIFESTS_KEY,
 * a collection marked collected (or no longer) through this one.
 */
export const REPORT_DEADLINES_KEY = [...MANIFESTS_KEY, 'report-deadlines'] as const;

export const reportDeadlinesQueryOptions = (isTransport: boolean, companyId: CompanyFilter | null) =>
  queryOptions({
    queryKey: [...REPORT_DEADLINES_KEY, isTransport ? 'trans' : 'waste', companyId],
    queryFn: () => getReportDeadlines(isTransport, companyId),
    // A panel beside other content: one failure is enough to hide it.
    retry: false,
  });

export const useReportDeadlines = (isTransport: boolean, companyId: CompanyFilter | null, enabled = true) =>
  useQuery({ ...reportDeadlinesQueryOptions(isTransport, companyId), enabled });
