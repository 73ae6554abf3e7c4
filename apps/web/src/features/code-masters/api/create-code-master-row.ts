import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  type CodeMasterKind,
  type CodeMasterValues,
  codeMasterQueryKey,
  toCodeMasterBody,
  toCodeMasterRow,
} from '../code-master-kinds';

/** POST: the server numbers the new row. */
export const createCodeMasterRow = async (kind: CodeMasterKind, values: CodeMasterValues) =>
  toCodeMasterRow(kind, await api.post<Record<string, unknown>>(kind.path, toCodeMasterBody(kind, values)));

export function useCreateCodeMasterRow(kind: CodeMasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CodeMasterValues) => createCodeMasterRow(kind, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeMasterQueryKey(kind) }),
  });
}
