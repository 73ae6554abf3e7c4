import type { QualifiedInvoiceDraft } from '@junkan/shared/api/qualified-invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /trans/qualified-invoices/draft: a month's lines, totals per rate, flags, issuer and recipient. */
export const getQualifiedInvoiceDraft = (projectId: number, month: string) =>
  api.get<QualifiedInvoiceDraft>('/trans/qualified-invoices/draft', { projectId, month });

export const getQualifiedInvoiceDraftQueryOptions = (projectId: number, month: string) =>
  queryOptions({
    queryKey: ['qualified-invoice-draft', projectId, month] as const,
    queryFn: () => getQualifiedInvoiceDraft(projectId, month),
    enabled: Number.isInteger(projectId) && projectId > 0 && /^\d{4}-\d{2}$/.test(month),
    retry: false,
    // Reports may be approved meanwhile: a new visit reads the month again.
    gcTime: 0,
  });

export const useQualifiedInvoiceDraft = (projectId: number, month: string) =>
  useQuery(getQualifiedInvoiceDraftQueryOptions(projectId, month));
