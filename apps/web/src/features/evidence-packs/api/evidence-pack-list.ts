import type { EvidencePackListQuery, EvidencePackPage } from '@junkan/shared/api/evidence-packs';
import { isEvidencePackOpen } from '@junkan/shared/rules/evidence-pack';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every evidence pack query sits under this key: a request refreshes the list. */
export const EVIDENCE_PACKS_KEY = ['evidence-packs'] as const;

/** How often the list is asked again while a pack is queued or building. */
export const EVIDENCE_PACK_POLL_MS = 2000;

/** GET /evidence-packs: the company's packs of this side, newest first. */
export const getEvidencePacks = (query: EvidencePackListQuery) =>
  api.get<EvidencePackPage>('/evidence-packs', query as Record<string, string | number | undefined>);

export const evidencePacksQueryOptions = (query: EvidencePackListQuery) =>
  queryOptions({
    queryKey: [...EVIDENCE_PACKS_KEY, 'list', query],
    queryFn: () => getEvidencePacks(query),
    placeholderData: keepPreviousData,
    // The progress moves in the background: asked again while any pack on the page is still being built.
    refetchInterval: (q) =>
      q.state.data?.items.some((p) => isEvidencePackOpen(p.status)) ? EVIDENCE_PACK_POLL_MS : false,
  });

export const useEvidencePacks = (query: EvidencePackListQuery) => useQuery(evidencePacksQueryOptions(query));
