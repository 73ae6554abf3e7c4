import { renewedPeriod } from '@junkan/shared/contract-rules';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { contracts, projects } from '../../db/schema';
import { recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import { extendRecurringRequests } from '../project-core/collection-schedule';
import { transitionProject } from '../project-core/project-status';

const source = systemSource('contract-calendar');

export interface CalendarRun {
  started: number;
  renewed: number;
  completed: number;
}

/**
 * The contract dates' own moves, for the business instant `when` (or a Japan date): an approved contract whose start has come puts its
 * project in progress; at the end of its period an auto-renewing contract (not ended by a party) takes its
 * next period, any other ends and completes its project. Each project moves in its own transaction.
 */
export async function advanceContracts(db: Database, when: Date | string): Promise<CalendarRun> {
  // A business instant (the job), or a Japan date (tests), whose moves are stamped at its first moment.
  const today = typeof when === 'string' ? when : tokyoDate(when);
  const at = typeof when === 'string' ? new Date(`${when}T00:00:00+09:00`) : when;
  const run: CalendarRun = { started: 0, renewed: 0, completed: 0 };
  const starting = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .where(
      and(
        eq(projects.status, 'COMPLETE_CONTRACT'),
        eq(contracts.status, 'APPROVED'),
        lte(contracts.startDate, today),
      ),
    );
  for (const { id } of starting)
    await db.transaction(async (tx) => {
      const [p] = await tx
        .select({ id: projects.id, status: projects.status })
        .from(projects)
        .where(eq(projects.id, id))
        .for('update');
      if (p?.status !== 'COMPLETE_CONTRACT') return;
      await transitionProject(tx, source, { id, status: 'COMPLETE_CONTRACT' }, 'IN_PROGRESS', 'SYSTEM', at);
      run.started++;
    });

  const ending = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .where(
      and(eq(projects.status, 'IN_PROGRESS'), eq(contracts.status, 'APPROVED'), lt(contracts.endDate, today)),
    );
  for (const { id } of ending)
    await db.transaction(async (tx) => {
      const [p] = await tx
        .select({ status: projects.status })
        .from(projects)
        .where(eq(projects.id, id))
        .for('update');
      const [c] = await tx.select().from(contracts).where(eq(contracts.projectId, id)).for('update');
      if (p?.status !== 'IN_PROGRESS' || !c || c.status !== 'APPROVED' || c.endDate >= today) return;
      if (c.contractType === 'AUTO_UPDATE' && c.renewal !== 'END') {
        // Whole periods until one covers today (the server may have been stopped for a while).
        let period = renewedPeriod(c.startDate, c.endDate);
        while (period.endDate < today) period = renewedPeriod(period.startDate, period.endDate);
        await tx
          .update(contracts)
          .set({ ...period, renewal: null, updatedAt: at, version: sql`${contracts.version} + 1` })
          .where(eq(contracts.id, c.id));
        await recordAudit(tx, source, {
          action: 'contract.renew',
          entity: 'contract',
          entityId: c.id,
          detail: { from: { startDate: c.startDate, endDate: c.endDate }, to: period },
        });
        // The recurring collections follow the contract into its new requestable period.
        await extendRecurringRequests(
          tx,
          { id: c.id, ...period, contractType: c.contractType, renewal: null },
          { source, role: 'SYSTEM', at },
        );
        run.renewed++;
        return;
      }
      await tx
        .update(contracts)
        .set({ status: 'ENDED', updatedAt: at, version: sql`${contracts.version} + 1` })
        .where(eq(contracts.id, c.id));
      await transitionProject(
        tx,
        source,
        { id, status: 'IN_PROGRESS' },
        'COMPLETE',
        'SYSTEM',
        at,
        'contract period ended',
      );
      run.completed++;
    });
  return run;
}

/** The engine's queue of contract-calendar runs. */
export const CONTRACT_CALENDAR_JOB = 'contract-calendar';

/**
 * Runs the contract calendar every hour on the hour of the business clock, once across all server processes (a
 * process starting in an hour that has not run it runs it then), with Japan's date of the business clock.
 */
export function defineContractCalendar(app: FastifyInstance) {
  app.jobs.defineScheduled(CONTRACT_CALENDAR_JOB, async () => {
    const run = await advanceContracts(app.db, app.now());
    if (run.started || run.renewed || run.completed) app.log.info({ run }, 'contract calendar');
  });
}
