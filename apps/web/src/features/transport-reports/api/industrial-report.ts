import type {
  IndustrialReportInput,
  IndustrialReportOptions,
  TransportReport,
} from '@junkan/shared/api/transport-reports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REPORT_CHANGES_KEYS, TRANSPORT_REPORTS_KEY } from './keys';

/**
 * GET /trans/transport-reports/options: the industrial projects in progress (discharger, wastes, manifests
 * not reported yet), units, disposal methods and the server's today.
 */
export const getIndustrialReportOptions = () =>
  api.get<IndustrialReportOptions>('/trans/transport-reports/options');

export const industrialReportOptionsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: [...TRANSPORT_REPORTS_KEY, 'industrial-report-options'],
    queryFn: getIndustrialReportOptions,
    enabled,
    retry: false,
    // Each opening asks again: a manifest reported meanwhile must not be offered twice.
    gcTime: 0,
  });

export const useIndustrialReportOptions = (enabled: boolean) =>
  useQuery(industrialReportOptionsQueryOptions(enabled));

/** POST /trans/transport-reports: the report of completed industrial transport. */
export const createIndustrialReport = (body: IndustrialReportInput) =>
  api.post<TransportReport>('/trans/transport-reports', body);

/** A new report refreshes the list and details (and the form's reportable manifests). */
export function useCreateIndustrialReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIndustrialReport,
    // A report changes the manifests' state and the report deadlines too.
    onSuccess: () =>
      Promise.all(REPORT_CHANGES_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
