import type { Attachment } from '@junkan/shared/api/common';
import { sendMultipart } from '../../../lib/multipart';

/** POST /trans/projects/{id}/quote-document: the quote's one PDF, as multipart/form-data. */
export function uploadQuoteDocument(projectId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendMultipart<Attachment>('POST', `/trans/projects/${projectId}/quote-document`, form);
}
