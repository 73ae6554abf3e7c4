import type { CollectionAreaType } from '@junkan/shared/api/collection-areas';
import { api } from '../../../lib/api-client';

/** GET /collection-area/exists-by-pos-code: the area of the type that already holds the code, if any. */
export const checkPosCodeExists = (posCode: string, type: CollectionAreaType, excludeAreaId?: number) =>
  api.get<{ exists: boolean; areaName?: string }>('/collection-area/exists-by-pos-code', {
    posCode,
    type,
    excludeAreaId,
  });
