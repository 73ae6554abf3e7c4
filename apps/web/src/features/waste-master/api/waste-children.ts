import type { WasteItem } from '@junkan/shared/api/waste';
import type { WasteCategory } from '@junkan/shared/waste-tree';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WASTES_KEY } from '../../../lib/reference-data/wastes';

/** GET /waste/parent/{id}: the children of a node; 0 gives the major classes (of one category if asked). */
export const fetchWasteChildren = (parentId: number, category?: WasteCategory) =>
  api.get<WasteItem[]>(`/waste/parent/${parentId}`, { category: parentId === 0 ? category : undefined });

export const wasteChildrenQueryOptions = (parentId: number, category?: WasteCategory) =>
  queryOptions({
    queryKey: [...WASTES_KEY, 'children', parentId, parentId === 0 ? (category ?? 'ALL') : null],
    queryFn: () => fetchWasteChildren(parentId, category),
  });
