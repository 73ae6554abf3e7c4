import type { WasteItem } from '@junkan/shared/api/waste';
import type { WasteCategory } from '@junkan/shared/waste-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../api-client';
import { REFERENCE_STALE_TIME } from './unit-measures';

/**
 * Every waste query (this list, the waste master's tree and search) sits under this key, so a write to the
 * waste master refreshes every screen that shows wastes.
 */
export const WASTES_KEY = ['waste'] as const;

/** GET /waste?category=: the classifications of one category (all without one), in tree order. */
export const getWastes = (category?: WasteCategory) => api.get<WasteItem[]>('/waste', { category });

export const wastesQueryOptions = (category?: WasteCategory) =>
  queryOptions({
    queryKey: [...WASTES_KEY, 'list', category ?? 'ALL'],
    queryFn: () => getWastes(category),
    staleTime: REFERENCE_STALE_TIME,
    refetchOnWindowFocus: false,
  });

export const useWastes = (category?: WasteCategory) => useQuery(wastesQueryOptions(category));

/**
 * A waste's name on screen. The regular categories of section 3 are fixed and have a text in each language
 * (by code); every other waste shows its name as the waste master holds it.
 */
export function wasteDisplayName(t: TFunction, waste: Pick<WasteItem, 'wasteCode' | 'name'>): string {
  return t(`regularWaste.${waste.wasteCode}`, { defaultValue: waste.name });
}
