import type { Attachment } from '@junkan/shared/api/common';
import { checkUpload, UPLOAD_RULES, type UploadUse } from '@junkan/shared/upload-rules';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { attachments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import type { StoredFile } from '../../plugins/file-storage';
import { attachmentColumns, listOwnedAttachments, toAttachment } from '../../plugins/file-storage';

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
 * Records one file the upload stored (`acceptUpload`, which checked its kind, content and the use's size limit):
 * `owner` runs in a transaction that locks the file's owner and answers who it is, where the count and name rules
 * are checked again (another upload may have landed meanwhile), the row and its audit row written. If it fails, the
 * upload deletes the stored object.
 */
export async function recordAttachment(
  app: FastifyInstance,
  caller: Caller,
  use: UploadUse,
  file: StoredFile,
  owner: (
    tx: Tx,
  ) => Promise<{ ownerType: string; ownerId: number; audit: { entity: string; entityId: number } }>,
): Promise<Attachment> {
  return app.db.transaction(async (tx) => {
    const o = await owner(tx);
    failOn(file.fileName, await listOwnedAttachments(tx, o.ownerType, o.ownerId), file.size, use);
    const [row] = await tx
      .insert(attachments)
      .values({ ownerType: o.ownerType, ownerId: o.ownerId, ...file, createdBy: caller.session.userId })
      .returning(attachmentColumns);
    await recordAudit(tx, caller, {
      action: 'upload_attachment',
      entity: o.audit.entity,
      entityId: o.audit.entityId,
      detail: { attachmentId: row!.id, fileName: file.fileName, size: file.size },
    });
    return toAttachment(row!);
  });
}
