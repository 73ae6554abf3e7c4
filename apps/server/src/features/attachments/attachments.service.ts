import type { Attachment } from '@junkan/shared/api/common';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, quotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { operatorRole } from '../../plugins/auth';
import {
  attachmentColumns,
  openStoredFile,
  type StoredFile,
  storedFileColumns,
  storedRefOf,
  toAttachment,
} from '../../plugins/file-storage';
import { projectFor } from '../project-core/project-access';
import { failOn, recordAttachment } from '../project-core/project-file-store';
import { PROJECT_OWNER, QUOTE_OWNER } from '../project-core/project-files';

/** The discharger's own draft (CREATING_QUOTE), the only state whose files may change. */
async function ownDraft(db: DbOrTx, caller: Caller, projectId: number, lock = false) {
  if (operatorRole(caller.session) !== 'WASTE') throw new AppError('project_not_found', 'Project not found');
  const project = await projectFor(db, caller, projectId, lock);
  if (project.status !== 'CREATING_QUOTE')
    throw new AppError('invalid_status_transition', 'The project is no longer a draft');
  return project;
}

export async function listProjectAttachments(db: DbOrTx, projectId: number): Promise<Attachment[]> {
  const rows = await db
    .select(attachmentColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, PROJECT_OWNER), eq(attachments.ownerId, projectId)))
    .orderBy(asc(attachments.id));
  return rows.map(toAttachment);
}

export async function listAttachmentsOfProject(app: FastifyInstance, caller: Caller, projectId: number) {
  await projectFor(app.db, caller, projectId);
  return listProjectAttachments(app.db, projectId);
}

/** Checks an upload before its bytes are read: the project, the count, the kind by name and the name. */
export async function checkProjectUpload(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  fileName: string,
): Promise<void> {
  await ownDraft(app.db, caller, projectId);
  const existing = await listProjectAttachments(app.db, projectId);
  failOn(fileName, existing);
}

/**
 * Records one file of a quote request, already in the file storage. The project row is locked so two uploads at
 * once cannot pass the 4-file or same-name checks together; the row and its audit row are written in the same
 * transaction.
 */
export async function uploadProjectAttachment(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  file: StoredFile,
): Promise<Attachment> {
  return recordAttachment(app, caller, 'QUOTE_REQUEST', file, async (tx) => {
    await ownDraft(tx, caller, projectId, true);
    return {
      ownerType: PROJECT_OWNER,
      ownerId: projectId,
      audit: { entity: 'project', entityId: projectId },
    };
  });
}

export async function readProjectAttachment(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  attachmentId: number,
) {
  const db = app.db;
  await projectFor(db, caller, projectId);
  const [row] = await db
    .select(storedFileColumns)
    .from(attachments)
    .where(
      and(
        eq(attachments.id, attachmentId),
        or(
          and(eq(attachments.ownerType, PROJECT_OWNER), eq(attachments.ownerId, projectId)),
          // The project's quote document, readable by both parties.
          and(
            eq(attachments.ownerType, QUOTE_OWNER),
            inArray(
              attachments.ownerId,
              db.select({ id: quotes.id }).from(quotes).where(eq(quotes.projectId, projectId)),
            ),
          ),
        ),
      ),
    );
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}

export async function deleteProjectAttachment(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  attachmentId: number,
): Promise<void> {
  const removed = await app.db.transaction(async (tx) => {
    await ownDraft(tx, caller, projectId, true);
    const [row] = await tx
      .delete(attachments)
      .where(
        and(
          eq(attachments.id, attachmentId),
          eq(attachments.ownerType, PROJECT_OWNER),
          eq(attachments.ownerId, projectId),
        ),
      )
      .returning({ ...storedFileColumns, id: attachments.id });
    if (!row) throw new AppError('not_found', 'File not found');
    await recordAudit(tx, caller, {
      action: 'delete_attachment',
      entity: 'project',
      entityId: projectId,
      detail: { attachmentId, fileName: row.fileName },
    });
    return row;
  });
  // The object goes once the row is gone for good.
  await app.files.deleteQuietly([storedRefOf(removed)], app.log);
}
