import { isOverdue } from '@junkan/shared/invoice-rules';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, TRANS } from '../../../test/fixtures/demo-data';
import { monthSequence } from '../../../test/fixtures/invoices';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { openDatabase } from '../../db/client';
import { attachments, invoiceSends, invoices, mailOutbox, projects } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { seedDemoData } from '../../seed/demo';
import { seedReferenceData } from '../../seed/reference';
import { INVOICE_OVERDUE_JOB, runOverdueReminders } from './invoice-overdue';

// The business clock: 2026-12-01 in Japan, 09:00.
let clock = new Date('2026-12-01T09:00:00+09:00');
let t: TestContext;
let projectId: number;

/** Each invoice bills a month of its own (a month billed twice would wait for a confirmation). */
const nextMonth = monthSequence();

async function billed(dueDate: string) {
  const billedMonth = nextMonth();
  const data = JSON.stringify({
    projectId,
    invoices: [{ billedMonth, billingDate: '2026-10-01', dueDate, amount: 5500 }],
  });
  const { payload, headers } = multipartForm({ data }, [
    { field: 'files.0', name: 'inv.pdf', content: samplePdf() },
  ]);
  const res = await t.as(TRANS).post('/trans/invoices', payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json<{ id: number }[]>()[0]!.id;
  expect((await t.as(TRANS).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);
  return id;
}

const reminders = (id: number) =>
  t.db
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.invoiceId, id), eq(invoiceSends.kind, 'OVERDUE_REMINDER')));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const [p] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
  projectId = p!.id;
});
afterAll(() => t.close());

describe('the overdue reminders', () => {
  it('mails step 1 the day after the due date, once, to the discharger with a copy to the transporter', async () => {
    const due = await billed('2026-11-30');
    const notYet = await billed('2026-12-01');
    const before = t.smtp.mails.length;
    await t.app.jobs.send(INVOICE_OVERDUE_JOB, {});
    expect(await t.app.jobs.runDue(INVOICE_OVERDUE_JOB)).toBe(1);
    await t.deliverMail();
    const mails = t.smtp.mails.slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([DIS, TRANS].sort());
    expect(await reminders(due)).toMatchObject([{ step: 1, recipients: 2 }]);
    expect(await reminders(notYet)).toEqual([]);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, due));
    expect(row!.overdueStep).toBe(1);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, (await reminders(due))[0]!.outboxIds[0]!));
    expect(mail!.text).toContain('支払期限（2026-11-30）を過ぎています');

    // A second run the same day (another process, a retry) sends nothing.
    const again = t.smtp.mails.length;
    await t.app.jobs.send(INVOICE_OVERDUE_JOB, {});
    await t.app.jobs.runDue(INVOICE_OVERDUE_JOB);
    expect(await runOverdueReminders(t.app)).toEqual({ reminded: 0 });
    await t.deliverMail();
    expect(t.smtp.mails.length).toBe(again);
    expect(await reminders(due)).toHaveLength(1);

    // The list and detail show it overdue.
    const list = (await t.as(DIS).get('/invoices?overdue=true')).json();
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([due]);
    expect(list.items[0]).toMatchObject({ overdue: true, overdueStep: 1 });
  });

  it('sends step 2 at 7 days and step 3 at 30 days, each once; a paid invoice gets none', async () => {
    const id = await billed('2026-11-20');
    const paid = await billed('2026-11-20');
    expect(
      (await t.as(TRANS).post(`/trans/invoices/${paid}/paid`, { settlementDate: '2026-11-30' })).statusCode,
    ).toBe(200);
    await runOverdueReminders(t.app, '2026-11-21');
    await runOverdueReminders(t.app, '2026-11-26');
    expect((await reminders(id)).map((r) => r.step)).toEqual([1]);
    await runOverdueReminders(t.app, '2026-11-27');
    await runOverdueReminders(t.app, '2026-12-10');
    expect((await reminders(id)).map((r) => r.step)).toEqual([1, 2]);
    await runOverdueReminders(t.app, '2026-12-20');
    await runOverdueReminders(t.app, '2027-01-05');
    expect((await reminders(id)).map((r) => r.step)).toEqual([1, 2, 3]);
    expect(await reminders(paid)).toEqual([]);
    // A job that was down for a month sends only the step reached, not the ones missed.
    const late = await billed('2026-10-15');
    clock = new Date('2026-12-01T09:00:00+09:00');
    await runOverdueReminders(t.app);
    expect((await reminders(late)).map((r) => r.step)).toEqual([3]);
    const detail = (await t.as(TRANS).get(`/trans/invoices/${late}`)).json();
    expect(detail.sends.map((s: { kind: string; step: number }) => [s.kind, s.step])).toContainEqual([
      'OVERDUE_REMINDER',
      3,
    ]);
  });
});

describe('demo invoices', () => {
  it('seeds one unclaimed, one billed, one paid, one overdue and one card invoice, each with its PDF', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedReferenceData(database.db);
      await seedDemoData(database.db);
      const rows = await database.db.select().from(invoices).orderBy(asc(invoices.id));
      const today = tokyoDate(new Date());
      expect(rows.map((r) => [r.status, isOverdue(r, today), r.paymentMethod])).toEqual([
        ['UNCLAIMED', false, 'PAYMENT_INVOICE'],
        ['BILLED', false, 'PAYMENT_INVOICE'],
        ['PAID', false, 'PAYMENT_INVOICE'],
        ['BILLED', true, 'PAYMENT_INVOICE'],
        ['BILLED', false, 'CREDIT_CARD'],
      ]);
      expect(rows.every((r) => r.rootId === r.id)).toBe(true);
      const files = await database.db.select().from(attachments).where(eq(attachments.ownerType, 'INVOICE'));
      expect(files).toHaveLength(5);
    } finally {
      await database.close();
    }
  }, 60_000);
});
