import type { ProjectStatus } from '@junkan/shared/enums';
import { canTransitionProject, type ProjectActor } from '@junkan/shared/project-status';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contracts, projectStatusHistory, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuditSource, recordAudit } from '../../lib/audit';
import type { ProjectRow } from './project-access';

/**
 * The only way a project's status changes: checks the transition table, moves the status (only if no one
 * moved it meanwhile), and records the move (who, the acting admin, when, from, to, why) and an audit row.
 * `at` is the move's time: the business clock's now (`app.now()`), or the demo data's past moments.
 */
export async function transitionProject(
  tx: Tx,
  source: AuditSource,
  project: Pick<ProjectRow, 'id' | 'status'>,
  to: ProjectStatus,
  actor: ProjectActor,
  at: Date,
  reason?: string | null,
  extra: Partial<typeof projects.$inferInsert> = {},
): Promise<void> {
  if (!canTransitionProject(project.status, to, actor))
    throw new AppError(
      'invalid_status_transition',
      `Cannot move a project from ${project.status} to ${to}`,
      undefined,
      {
        from: project.status,
        to,
      },
    );
  const moved = await tx
    .update(projects)
    .set({ ...extra, status: to, updatedAt: at })
    .where(and(eq(projects.id, project.id), eq(projects.status, project.status)))
    .returning({ id: projects.id });
  if (moved.length === 0)
    throw new AppError('invalid_status_transition', 'The project status changed meanwhile', undefined, {
      from: project.status,
      to,
    });
  await tx.insert(projectStatusHistory).values({
    projectId: project.id,
    fromStatus: project.status,
    toStatus: to,
    userId: source.session?.userId ?? null,
    adminId: source.session?.adminId ?? null,
    reason: reason || null,
    createdAt: at,
  });
  // A cancelled project's contract is cancelled with it.
  if (to === 'CANCEL')
    await tx
      .update(contracts)
      .set({ status: 'CANCELLED', updatedAt: at, version: sql`${contracts.version} + 1` })
      .where(eq(contracts.projectId, project.id));
  await recordAudit(tx, source, {
    action: 'project.status',
    entity: 'project',
    entityId: project.id,
    detail: { from: project.status, to, ...(reason ? { reason } : {}) },
    at,
  });
  project.status = to;
}
