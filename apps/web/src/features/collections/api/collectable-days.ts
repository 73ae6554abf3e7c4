import type { collectableDaysSchema } from '@junkan/shared/api/collections';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type CollectableDays = z.infer<typeof collectableDaysSchema>;

/** GET /collection-requests/collectable-days: the days the project's transporter collects on (at most 93). */
export const getCollectableDays = (projectId: number, from: string, to: string) =>
  api.get<CollectableDays>('/collection-requests/collectable-days', { projectId, from, to });

export const collectableDaysQueryOptions = (projectId: number, range: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: ['collectable-days', projectId, range?.from ?? null, range?.to ?? null],
    queryFn: () => getCollectableDays(projectId, range?.from ?? '', range?.to ?? ''),
    enabled: projectId > 0 && range !== null,
    // A business calendar changes rarely; switching months back and forth should not refetch.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useCollectableDays = (projectId: number, range: { from: string; to: string } | null) =>
  useQuery(collectableDaysQueryOptions(projectId, range));
