import type { regularReportFormSchema } from '@junkan/shared/api/transport-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { TRANSPORT_REPORTS_KEY } from './keys';

/** The month's categories with their reported weights, and how many collections were marked collected. */
export type RegularReportForm = z.infer<typeof regularReportFormSchema>;

export interface RegularReportTarget {
  projectId: number;
  year: number;
  month: number;
}

/**
 * GET /trans/regular-reports/form: every regular category (the project's enabled), the weights reported and
 * the number of the project's collections marked collected in the month.
 */
export const getRegularReportForm = (target: RegularReportTarget) =>
  api.get<RegularReportForm>('/trans/regular-reports/form', { ...target });

export const regularReportFormQueryKey = (target: RegularReportTarget | null) =>
  [...TRANSPORT_REPORTS_KEY, 'regular-report-form', target?.projectId, target?.year, target?.month] as const;

export const regularReportFormQueryOptions = (target: RegularReportTarget | null) =>
  queryOptions({
    queryKey: regularReportFormQueryKey(target),
    queryFn: () => getRegularReportForm(target as RegularReportTarget),
    enabled: target !== null,
    retry: false,
    // The form starts from this; an older cached copy could miss a report made meanwhile.
    gcTime: 0,
  });

export const useRegularReportForm = (target: RegularReportTarget | null) =>
  useQuery(regularReportFormQueryOptions(target));
