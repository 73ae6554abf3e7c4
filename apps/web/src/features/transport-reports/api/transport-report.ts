import type {
  ReportActionResponse,
  ReportCorrectionInput,
  TransportReport,
} from '@junkan/shared/api/transport-reports';
import type { ReportAction } from '@junkan/shared/report-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportActionCall, transportReportPath } from '../transport-report-values';
import { REPORT_CHANGES_KEYS } from './keys';

/**
 * One report's dialog data. Kept apart from the achievements key: refreshing the list after an action
 * must not refetch a report the action deleted.
 */
export const transportReportQueryKey = (isTransport: boolean, id: number | null) =>
  ['transport-report', isTransport ? 'trans' : 'waste', id] as const;

/** GET /trans/transport-reports/{id} (transporter) or /transport-reports/{id} (discharger). */
export const getTransportReport = (isTransport: boolean, id: number) =>
  api.get<TransportReport>(transportReportPath(isTransport, id));

/** `enabled` false keeps what was read (a closing dialog still shows it) without asking again. */
export const transportReportQueryOptions = (isTransport: boolean, id: number | null, enabled = true) =>
  queryOptions({
    queryKey: transportReportQueryKey(isTransport, id),
    queryFn: () => getTransportReport(isTransport, id as number),
    enabled: enabled && id !== null,
    retry: false,
    // The buttons depend on the network's state and clock: each opening asks the server again.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const useTransportReport = (isTransport: boolean, id: number | null, enabled = true) =>
  useQuery(transportReportQueryOptions(isTransport, id, enabled));

export type ReportCallAction = Exclude<ReportAction, 'FIX_REPORT'>;

export interface ReportActionRequest {
  action: ReportCallAction;
  /** The correction (FIX only). */
  body?: ReportCorrectionInput;
}

/**
 * PUT /trans/transport-reports/{id} (FIX), POST .../cancel, .../confirm-rejection (transporter),
 * POST /transport-reports/{id}/approve, .../reject (discharger).
 */
export function sendReportAction(id: number, { action, body }: ReportActionRequest) {
  const { method, path } = reportActionCall(action, id);
  return method === 'PUT' ? api.put<ReportActionResponse>(path, body) : api.post<ReportActionResponse>(path);
}

/**
 * An action on the report: the answer's report replaces the dialog's (a deleted one leaves the cache), and
 * the list and details refresh.
 */
export function useReportAction(isTransport: boolean, id: number) {
  const queryClient = useQueryClient();
  const key = transportReportQueryKey(isTransport, id);
  return useMutation({
    mutationFn: (request: ReportActionRequest) => sendReportAction(id, request),
    onSuccess: (response) => {
      if (response.report) queryClient.setQueryData(key, response.report);
      else queryClient.removeQueries({ queryKey: key });
      for (const queryKey of REPORT_CHANGES_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
