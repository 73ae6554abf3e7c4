import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { type CodeMasterKind, codeMasterQueryKey, toCodeMasterRow } from '../code-master-kinds';

/**
 * GET /unit-measure, /packing-master, /disposal-method: every row, by code. The fetch and the key belong to
 * lib/reference-data; this screen maps the rows to `name` and, being the master screen, always refetches on mount.
 */
export const useCodeMasterList = (kind: CodeMasterKind) =>
  useQuery({
    queryKey: codeMasterQueryKey(kind),
    queryFn: kind.listQueryOptions().queryFn as QueryFunction<Record<string, unknown>[]>,
    select: (rows: Record<string, unknown>[]) => rows.map((row) => toCodeMasterRow(kind, row)),
    staleTime: 0,
  });
