import type { Attachment, InquirySide } from '@junkan/shared';
import { downloadFile } from '../../../lib/download-attachment';
import { inquiryBase } from './keys';

/** GET .../inquiries/{id}/files/{fileId}: a file of one of its messages. */
export const downloadInquiryFile = (
  side: InquirySide,
  inquiryId: number,
  file: Pick<Attachment, 'id' | 'fileName'>,
) => downloadFile(`${inquiryBase(side)}/${inquiryId}/files/${file.id}`, file.fileName);
