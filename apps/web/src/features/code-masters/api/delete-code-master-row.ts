import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CodeMasterKind, codeMasterQueryKey } from '../code-master-kinds';

/** DELETE .../{id}: refused (409 in_use_cannot_delete) while other data uses the row. */
export const deleteCodeMasterRow = (kind: CodeMasterKind, id: number) =>
  api.delete<{ result: boolean }>(`${kind.path}/${id}`);

export function useDeleteCodeMasterRow(kind: CodeMasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCodeMasterRow(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeMasterQueryKey(kind) }),
  });
}
