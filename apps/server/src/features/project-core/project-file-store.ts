import { createHash } from 'node:crypto';
import {
  type Attachment,
  checkUpload,
  fileKindOfName,
  UPLOAD_KIND_MIME_TYPES,
  UPLOAD_RULES,
  type UploadUse,
} from '@junkan/shared';
import type { Tx } from '../../db/client';
import { attachments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { detectFileKind } from './file-content';
import { attachmentColumns, listOwnedAttachments, toAttachment } from './project-files';

export function failOn(
  fileName: string,
  existing: Attachment[],
  size?: number,
  use: UploadUse = 'QUOTE_REQUEST',
) {
  const code = checkUpload({
    fileName,
    size,
    existingNames: existing.map((a) => a.fileName),
    ...UPLOAD_RULES[use],
  });
  if (code === 'file_too_large') throw new AppError(code, 'File too large');
  if (code) throw new AppError(code, code, { file: code });
}

/**
 * Stores one file inside the caller's transaction (after the caller locked the owner): the use's count,
 * kind, name and size rules, the content agreeing with the kind, the row with its bytes, and an audit row.
 */
export async function storeAttachment(
  tx: Tx,
  caller: Caller,
  file: {
    ownerType: string;
    ownerId: number;
    use: UploadUse;
    fileName: string;
    content: Buffer;
    audit: { entity: string; entityId: number };
  },
): Promise<Attachment> {
  const claimed = fileKindOfName(file.fileName);
  const actual = detectFileKind(file.content);
  failOn(
    file.fileName,
    await listOwnedAttachments(tx, file.ownerType, file.ownerId),
    file.content.length,
    file.use,
  );
  // The extension must agree with what the bytes are (a renamed .exe is not a pdf).
  if (!claimed || actual !== claimed)
    throw new AppError('upload_file_type_error', 'File content does not match its type', {
      file: 'upload_file_type_error',
    });
  const [row] = await tx
    .insert(attachments)
    .values({
      ownerType: file.ownerType,
      ownerId: file.ownerId,
      fileName: file.fileName,
      mimeType: UPLOAD_KIND_MIME_TYPES[claimed],
      size: file.content.length,
      storageKey: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      createdBy: caller.session.userId,
    })
    .returning(attachmentColumns);
  await recordAudit(tx, caller, {
    action: 'upload_attachment',
    entity: file.audit.entity,
    entityId: file.audit.entityId,
    detail: { attachmentId: row!.id, fileName: file.fileName, size: file.content.length },
  });
  return toAttachment(row!);
}
