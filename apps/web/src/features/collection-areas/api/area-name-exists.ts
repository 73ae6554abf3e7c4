import type { CollectionAreaType } from '@junkan/shared/api/collection-areas';
import { api } from '../../../lib/api-client';

/** GET /collection-area/exists-by-name/{id}: whether another area of the type has the name (id 0 = new). */
export const checkAreaNameExists = (id: number, areaName: string, type: CollectionAreaType) =>
  api.get<{ exists: boolean }>(`/collection-area/exists-by-name/${id}`, { areaName, type });
