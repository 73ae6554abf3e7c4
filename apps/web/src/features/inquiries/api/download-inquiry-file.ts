import type { Attachment } from '@junkan/shared/api/common';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { downloadFile } from '../../../lib/download-attachment';
import { inquiryBase } from './keys';

/** GET .../inquiries/{id}/files/{fileId}: a file of one of its messages. */
export const downloadInquiryFile = (
  side: InquirySide,
  inquiryId: number,
  file: Pick<Attachment, 'id' | 'fileName'>,
) => downloadFile(`${inquiryBase(side)}/${inquiryId}/files/${file.id}`, file.fileName);
