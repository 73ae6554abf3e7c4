import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { contracts, projects } from '../../db/schema';
import { CONTRACT_CALENDAR_JOB } from './contract-calendar';

// The business clock: a day in Japan well after the demo contracts' dates are set below.
const now = new Date('2030-06-10T10:00:00+09:00');
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t.close());

describe('the contract calendar as a job', () => {
  it('a queued run is not doubled, and the run ends a contract whose period has passed by the business clock', async () => {
    const [inForce] = await t.db
      .select({ projectId: projects.id, contractId: contracts.id })
      .from(projects)
      .innerJoin(contracts, eq(contracts.projectId, projects.id))
      .where(and(eq(projects.status, 'IN_PROGRESS'), eq(contracts.status, 'APPROVED')))
      .limit(1);
    expect(inForce).toBeDefined();
    // Ended the day before the business clock's today, and not renewing by itself.
    await t.db
      .update(contracts)
      .set({ contractType: 'NO_AUTO_UPDATE', endDate: '2030-06-09' })
      .where(eq(contracts.id, inForce!.contractId));

    await t.app.jobs.send(CONTRACT_CALENDAR_JOB, {});
    await t.app.jobs.send(CONTRACT_CALENDAR_JOB, {});
    expect(await t.app.jobs.pending(CONTRACT_CALENDAR_JOB)).toHaveLength(1);

    expect(await t.app.jobs.runDue(CONTRACT_CALENDAR_JOB)).toBe(1);
    const [after] = await t.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, inForce!.projectId));
    expect(after?.status).toBe('COMPLETE');
    expect(await t.app.jobs.pending(CONTRACT_CALENDAR_JOB)).toHaveLength(0);
  });
});
