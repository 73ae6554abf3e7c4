import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  /** For calls without a session (sign-up, registration): the user the write is about. */
  userId?: number;
  /** When the write happened, if not now (the demo data's past). */
  at?: Date;
}

/**
 * Where a write comes from: a signed-in caller (a `Caller` fits), a public call (`auditSourceOf` in
 * plugins/auth), or the system's own jobs.
 */
export interface AuditSource {
  id: string;
  session?: { userId: number; adminId?: number | null } | null;
}

/** The contract calendar and other jobs that act without a request. */
export const systemSource = (job: string): AuditSource => ({ id: `system:${job}`, session: null });

/** Records a write: who (and the admin acting for them), what, when. Call it inside the write's transaction. */
export async function recordAudit(db: DbOrTx, source: AuditSource, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    userId: source.session?.userId ?? entry.userId ?? null,
    adminId: source.session?.adminId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    detail: entry.detail ?? null,
    requestId: source.id,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
