import type { WasteManagePage, WasteManageQuery } from '@junkan/shared/api/waste';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WASTES_KEY } from '../../../lib/reference-data/wastes';

/** GET /waste/manage: the master list searched by name or code, paged and sorted by the server. */
export const fetchWasteManagePage = (query: WasteManageQuery) =>
  api.get<WasteManagePage>('/waste/manage', { ...query });

export const wasteManageQueryOptions = (query: WasteManageQuery) =>
  queryOptions({
    queryKey: [...WASTES_KEY, 'manage', query],
    queryFn: () => fetchWasteManagePage(query),
    placeholderData: keepPreviousData,
  });

export const useWasteManagePage = (query: WasteManageQuery, enabled: boolean) =>
  useQuery({ ...wasteManageQueryOptions(query), enabled });
