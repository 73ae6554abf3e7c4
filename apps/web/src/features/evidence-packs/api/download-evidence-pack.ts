import type { EvidencePack } from '@junkan/shared/api/evidence-packs';
import { downloadFile } from '../../../lib/download-attachment';

/** GET /evidence-packs/{id}/file: the ZIP of a ready pack. */
export const downloadEvidencePack = (pack: Pick<EvidencePack, 'id' | 'fileName'>) =>
  downloadFile(`/evidence-packs/${pack.id}/file`, pack.fileName);
