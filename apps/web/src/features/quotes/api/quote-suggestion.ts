import type { QuoteSuggestion } from '@junkan/shared/api/quotes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /trans/projects/{id}/quote-suggestion: the transporter's current unit price per waste line. */
export const getQuoteSuggestion = (id: number) =>
  api.get<QuoteSuggestion>(`/trans/projects/${id}/quote-suggestion`);

export const useQuoteSuggestion = (id: number) =>
  useQuery({
    queryKey: ['quote-suggestion', id],
    queryFn: () => getQuoteSuggestion(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
