import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CodeMasterKind, codeMasterQueryKey, toCodeMasterRow } from '../code-master-kinds';

/** GET /unit-measure, /packing-master, /disposal-method: every row, by code. */
export const fetchCodeMasterList = async (kind: CodeMasterKind) =>
  (await api.get<Record<string, unknown>[]>(kind.path)).map((row) => toCodeMasterRow(kind, row));

export const codeMasterListQueryOptions = (kind: CodeMasterKind) =>
  queryOptions({ queryKey: [...codeMasterQueryKey(kind), 'list'], queryFn: () => fetchCodeMasterList(kind) });

export const useCodeMasterList = (kind: CodeMasterKind) => useQuery(codeMasterListQueryOptions(kind));
