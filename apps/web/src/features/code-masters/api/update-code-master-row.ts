import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  type CodeMasterKind,
  type CodeMasterValues,
  codeMasterQueryKey,
  toCodeMasterBody,
  toCodeMasterRow,
} from '../code-master-kinds';

/** PUT .../{id}: the name (and, for units, the count flag); the code stays. */
export const updateCodeMasterRow = async (kind: CodeMasterKind, id: number, values: CodeMasterValues) =>
  toCodeMasterRow(
    kind,
    await api.put<Record<string, unknown>>(`${kind.path}/${id}`, toCodeMasterBody(kind, values)),
  );

export function useUpdateCodeMasterRow(kind: CodeMasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: CodeMasterValues }) =>
      updateCodeMasterRow(kind, id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeMasterQueryKey(kind) }),
  });
}
