import { jobListResponseSchema } from '@junkan/shared/api/jobs';
import { SCHEDULED_JOBS } from '@junkan/shared/rules/scheduled-jobs';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { industrialMajorClasses, registerPermit } from '../../../test/fixtures/permits';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { invoiceSends, invoices, projects, scheduledJobRuns } from '../../db/schema';
import { INVOICE_OVERDUE_JOB } from '../invoices/invoice-overdue';

const ADMIN = 'admin@example.com';
const DIS = 'discharger@example.com';
const PLATFORM = 'platform@example.com';
const DAILY = SCHEDULED_JOBS.filter((j) => 'daily' in j.schedule).map((j) => j.name);

/** The business clock of both processes: a past Monday in Japan, far from the machine's clock. */
let clock = new Date('2026-03-02T08:00:00+09:00');
let t: TestContext;

beforeAll(async () => {
  // The demo data dated by the business clock, as a server started with JUNKAN_CLOCK seeds it.
  t = await createTestApp({}, { now: () => clock, datedDemo: true });
});
afterAll(() => t.close());

/** Runs, as the workers would, whatever the schedulers sent (the test kit's apps work no jobs by themselves). */
async function workScheduled() {
  for (const j of SCHEDULED_JOBS) await t.app.jobs.runDue(j.name);
}

const scheduledRuns = (name: string) =>
  t.db
    .select({ slot: scheduledJobRuns.slot, status: scheduledJobRuns.status })
    .from(scheduledJobRuns)
    .where(and(eq(scheduledJobRuns.jobName, name), isNotNull(scheduledJobRuns.slot)))
    .orderBy(scheduledJobRuns.id);

describe('the overdue-reminder walk on a past Monday', () => {
  it('approves a contract starting today by the business clock, and mails the reminders at 09:00 business time', async () => {
    const [project] = await t.db.select().from(projects).where(eq(projects.title, '什器入替に伴う粗大ごみ'));
    expect(project?.status).toBe('CREATING_CONTRACT');
    const permit = await registerPermit(t, PLATFORM, {
      wasteKindIds: (await industrialMajorClasses(t.db)).slice(0, 1),
    });
    const draft = (await t.as(PLATFORM).get(`/trans/projects/${project!.id}/contract-draft`)).json();
    const saved = await t.as(PLATFORM).put(`/trans/projects/${project!.id}/contract`, {
      contractName: '粗大ごみ回収契約',
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      contractType: 'NO_AUTO_UPDATE',
      paymentMethod: 'PAYMENT_INVOICE',
      unitPrices: draft.unitPrices.map((l: { wasteLineId: number }) => ({
        wasteLineId: l.wasteLineId,
        unitPrice: 8000,
      })),
      manifestFee: 0,
      preparationFee: 0,
      contactPerson: '佐藤 次郎',
      permitId: permit.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await t.as(PLATFORM).post(`/trans/projects/${project!.id}/contract/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().contract.sentDate).toBe('2026-03-01T23:00:00.000Z');
    const approved = await t.as(DIS).post(`/projects/${project!.id}/contract/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // Starting today: in progress at once.
    expect(approved.json().projectStatus).toBe('IN_PROGRESS');

    // Billed the same day, due the same day (bank transfer).
    const form = multipartForm(
      {
        data: JSON.stringify({
          projectId: project!.id,
          invoices: [
            { billedMonth: '2026-03', billingDate: '2026-03-02', dueDate: '2026-03-02', amount: 8800 },
          ],
        }),
      },
      [{ field: 'files.0', name: 'inv.pdf', content: samplePdf() }],
    );
    const registered = await t.as(PLATFORM).post('/trans/invoices', form.payload, form.headers);
    expect(registered.statusCode, registered.body).toBe(200);
    const invoiceId = registered.json<{ id: number }[]>()[0]!.id;
    expect((await t.as(PLATFORM).post(`/trans/invoices/${invoiceId}/send`)).statusCode).toBe(200);
    const reminders = () =>
      t.db
        .select()
        .from(invoiceSends)
        .where(and(eq(invoiceSends.invoiceId, invoiceId), eq(invoiceSends.kind, 'OVERDUE_REMINDER')));

    // Two processes tick the schedule at 08:59, at 09:00 (not overdue yet: due today), and on Tuesday.
    const sibling = await t.sibling();
    const tickAt = async (iso: string) => {
      clock = new Date(iso);
      await t.app.jobs.scheduler.tick();
      await sibling.app.jobs.scheduler.tick();
      await workScheduled();
    };
    await tickAt('2026-03-02T08:59:00+09:00');
    expect(await scheduledRuns(INVOICE_OVERDUE_JOB)).toEqual([]);
    await tickAt('2026-03-02T09:00:10+09:00');
    expect(await scheduledRuns(INVOICE_OVERDUE_JOB)).toEqual([{ slot: '2026-03-02', status: 'SUCCEEDED' }]);
    expect(await reminders()).toEqual([]);
    await tickAt('2026-03-03T08:59:00+09:00');
    expect(await reminders()).toEqual([]);
    await tickAt('2026-03-03T09:00:10+09:00');
    expect(await scheduledRuns(INVOICE_OVERDUE_JOB)).toEqual([
      { slot: '2026-03-02', status: 'SUCCEEDED' },
      { slot: '2026-03-03', status: 'SUCCEEDED' },
    ]);
    // The first reminder, on Tuesday at 09:00 business time, to the discharger with a copy to the transporter.
    const mailed = await reminders();
    expect(mailed).toMatchObject([{ step: 1, recipients: 2 }]);
    expect(mailed[0]!.createdAt.toISOString()).toBe('2026-03-03T00:00:10.000Z');
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.overdueAt?.toISOString()).toBe('2026-03-03T00:00:10.000Z');
  });
});

describe('the schedule across two business days, with two processes', () => {
  it('runs each daily job exactly once a business day, whichever process ticks and however often', async () => {
    const sibling = await t.sibling();
    const ticks = async () => {
      for (let i = 0; i < 3; i++) {
        await t.app.jobs.scheduler.tick();
        await sibling.app.jobs.scheduler.tick();
      }
      await workScheduled();
    };
    clock = new Date('2026-03-02T23:30:00+09:00');
    await ticks();
    clock = new Date('2026-03-03T02:00:00+09:00');
    await ticks();
    // 03:30 and 04:15 pass; then the next day's noon and a last look in the evening.
    clock = new Date('2026-03-03T04:20:00+09:00');
    await ticks();
    clock = new Date('2026-03-03T12:00:00+09:00');
    await ticks();
    clock = new Date('2026-03-03T21:00:00+09:00');
    await ticks();
    for (const name of DAILY) {
      const runs = await scheduledRuns(name);
      expect(runs, name).toEqual([
        { slot: '2026-03-02', status: 'SUCCEEDED' },
        { slot: '2026-03-03', status: 'SUCCEEDED' },
      ]);
    }
    // The hourly calendar ran once an hour it was looked at: 23:00, 02:00, 04:00, 12:00 and 21:00 (and 09:00 before).
    expect((await scheduledRuns('contract-calendar')).map((r) => r.slot)).toEqual(
      expect.arrayContaining([
        '2026-03-02T23:00',
        '2026-03-03T02:00',
        '2026-03-03T04:00',
        '2026-03-03T21:00',
      ]),
    );
  });
});

describe('the administrators’ job list', () => {
  it('lists every job with its schedule, last run, next run in business time and failures', async () => {
    clock = new Date('2026-03-03T21:30:00+09:00');
    const res = await t.as(ADMIN).get('/admin/jobs');
    expect(res.statusCode, res.body).toBe(200);
    const body = jobListResponseSchema.parse(res.json());
    expect(body.businessNow).toBe('2026-03-03T12:30:00.000Z');
    expect(body.jobs.map((j) => j.name)).toEqual(SCHEDULED_JOBS.map((j) => j.name));
    const overdue = body.jobs.find((j) => j.name === INVOICE_OVERDUE_JOB)!;
    expect(overdue).toMatchObject({
      scheduleText: 'daily 09:00',
      lastRun: { slot: '2026-03-03', status: 'SUCCEEDED', trigger: 'SCHEDULE' },
      // Today's run is done: tomorrow at 09:00 in Japan.
      nextRunAt: '2026-03-04T00:00:00.000Z',
      recentFailures: [],
    });
    expect((await t.as(DIS).get('/admin/jobs')).statusCode).toBe(403);
    expect((await t.anonymous.get('/admin/jobs')).statusCode).toBe(401);
  });

  it('runs a job now on request, once at a time, and records a failure with its error', async () => {
    const first = await t.as(ADMIN).post(`/admin/jobs/${INVOICE_OVERDUE_JOB}/run`);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().run).toMatchObject({ trigger: 'MANUAL', status: 'QUEUED', slot: null });
    const again = await t.as(ADMIN).post(`/admin/jobs/${INVOICE_OVERDUE_JOB}/run`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('job_already_running');
    expect(await t.app.jobs.runDue(INVOICE_OVERDUE_JOB)).toBe(1);
    const listed = (await t.as(ADMIN).get('/admin/jobs')).json();
    expect(listed.jobs.find((j: { name: string }) => j.name === INVOICE_OVERDUE_JOB).lastRun).toMatchObject({
      id: first.json().run.id,
      status: 'SUCCEEDED',
      attempts: 1,
    });

    const missing = await t.as(ADMIN).post('/admin/jobs/no-such-job/run');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('job_not_found');
    expect((await t.as(DIS).post(`/admin/jobs/${INVOICE_OVERDUE_JOB}/run`)).statusCode).toBe(403);

    // A run that throws is kept with its error, listed among the recent failures.
    const run = await t.app.jobs.scheduler.runHere('contract-calendar');
    expect(run.status).toBe('SUCCEEDED');
    const [row] = await t.db
      .insert(scheduledJobRuns)
      .values({
        jobName: 'permit-expiry',
        slot: null,
        trigger: 'MANUAL',
        status: 'FAILED',
        attempts: 3,
        error: 'connection refused',
        queuedAt: clock,
      })
      .returning();
    const failures = (await t.as(ADMIN).get('/admin/jobs'))
      .json()
      .jobs.find((j: { name: string }) => j.name === 'permit-expiry').recentFailures;
    expect(failures).toMatchObject([{ id: row!.id, error: 'connection refused' }]);
  });
});
