import type { WasteCodeCheckResponse } from '@junkan/shared/api/waste';
import { api } from '../../../lib/api-client';

/** GET /waste/check-waste-code/{code}: whether another classification holds the code (`excludeId`: the one edited). */
export const checkWasteCode = (code: string, excludeId?: number) =>
  api.get<WasteCodeCheckResponse>(`/waste/check-waste-code/${encodeURIComponent(code)}`, { excludeId });
