import type { Permit } from '@junkan/shared/api/permits';
import { downloadFile } from '../../../lib/download-attachment';

/** GET /trans/permits/{id}/file: the PDF copy. */
export const downloadPermitFile = (permit: Pick<Permit, 'id' | 'file'>) =>
  downloadFile(`/trans/permits/${permit.id}/file`, permit.file?.fileName ?? 'permit.pdf');
