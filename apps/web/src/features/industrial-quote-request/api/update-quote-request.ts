import type { ProjectDetail, QuoteRequestInput } from '@junkan/shared/api/projects';
import { api } from '../../../lib/api-client';

/** PUT /projects/{id}: updates the draft (CREATING_QUOTE) with the whole form. */
export const updateQuoteRequest = (id: number, body: QuoteRequestInput) =>
  api.put<ProjectDetail>(`/projects/${id}`, body);
