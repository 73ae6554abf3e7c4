import type { LastCodeResponse } from '@junkan/shared/api/code-masters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CodeMasterKind, codeMasterQueryKey } from '../code-master-kinds';

/** GET .../last-code: the highest code so far; the register form shows the one after it. */
export const fetchLastCode = (kind: CodeMasterKind) => api.get<LastCodeResponse>(`${kind.path}/last-code`);

export const lastCodeQueryOptions = (kind: CodeMasterKind) =>
  queryOptions({
    queryKey: [...codeMasterQueryKey(kind), 'last-code'],
    queryFn: () => fetchLastCode(kind),
    staleTime: 0,
  });

export const useLastCode = (kind: CodeMasterKind, enabled: boolean) =>
  useQuery({ ...lastCodeQueryOptions(kind), enabled });
