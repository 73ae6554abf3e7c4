import type { QuoteRequestInput } from '@junkan/shared/api/projects';
import { api } from '../../../lib/api-client';

/** POST /projects: saves the quote request as a draft (CREATING_QUOTE); files are attached to it afterwards. */
export const createQuoteRequest = (body: QuoteRequestInput) => api.post<{ id: number }>('/projects', body);
