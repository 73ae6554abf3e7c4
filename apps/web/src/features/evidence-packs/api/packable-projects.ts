import type { EvidencePackProject } from '@junkan/shared/api/evidence-packs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVIDENCE_PACKS_KEY } from './evidence-pack-list';

/** GET /evidence-packs/projects?keyword=: the projects a pack can be made of (the first 100 matching). */
export const getPackableProjects = (keyword: string) =>
  api.get<EvidencePackProject[]>('/evidence-packs/projects', keyword ? { keyword } : undefined);

export const packableProjectsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...EVIDENCE_PACKS_KEY, 'projects', keyword],
    queryFn: () => getPackableProjects(keyword),
    placeholderData: keepPreviousData,
  });

export const usePackableProjects = (keyword: string) => useQuery(packableProjectsQueryOptions(keyword));
