import type { Permit, PermitInput } from '@junkan/shared/api/permits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '../../../lib/multipart';
import { PERMITS_KEY } from '../../../lib/permit-data/keys';

export interface SavePermit {
  /** The permit being updated; none registers a new one. */
  id?: number;
  body: PermitInput;
  /** The PDF copy: required to register, optional to update (replaces the one kept). */
  file: File | null;
}

/** POST /trans/permits or PUT /trans/permits/{id}: multipart `data` (JSON) and `file` (the PDF). */
export function savePermit({ id, body, file }: SavePermit) {
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  if (file) form.append('file', file, file.name);
  return id
    ? sendMultipart<Permit>('PUT', `/trans/permits/${id}`, form)
    : sendMultipart<Permit>('POST', '/trans/permits', form);
}

export function useSavePermit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERMITS_KEY }),
  });
}
