/**
 * Reading the attachments table, whoever owns the rows (a project, a quote, a contract, a permit, an invoice, an
 * inquiry): the columns a list shows, the columns a download needs, and one owner's files.
 */
import type { Attachment } from '@junkan/shared/api/common';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachments } from '../../db/schema';

export const attachmentColumns = {
  id: attachments.id,
  fileName: attachments.fileName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  createdAt: attachments.createdAt,
};

/** What a download or a delete needs: the name and type it is served with, and where its bytes are. */
export const storedFileColumns = {
  fileName: attachments.fileName,
  mimeType: attachments.mimeType,
  storageDriver: attachments.storageDriver,
  storageKey: attachments.storageKey,
};

export type AttachmentRow = { id: number; fileName: string; mimeType: string; size: number; createdAt: Date };
export const toAttachment = (row: AttachmentRow): Attachment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The files of one owner (a project, a quote, a contract document), oldest first. */
export async function listOwnedAttachments(
  db: DbOrTx,
  ownerType: string,
  ownerId: number,
): Promise<Attachment[]> {
  const rows = await db
    .select(attachmentColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, ownerType), eq(attachments.ownerId, ownerId)))
    .orderBy(asc(attachments.id));
  return rows.map(toAttachment);
}
