import type { DriverMarkInput, DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import { api } from '../../../lib/api-client';

/**
 * POST /driver/marks: one mark from the queue. A retry with the same client id answers what the server kept; a
 * 401 is left to the queue, which keeps the mark until the driver signs in again.
 */
export const sendDriverMark = (body: DriverMarkInput) =>
  api.post<DriverMarkResultAnswer>('/driver/marks', body, { handleUnauthorized: false });
