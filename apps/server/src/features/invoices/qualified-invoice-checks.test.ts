import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { invoices, projects } from '../../db/schema';

/**
 * The order of the qualified invoice's refusals (qualified-invoices.test.ts: the invoice itself): another
 * transporter's project is 404 whatever the month and dates say, and the transporter's own is judged on them.
 */

// The business clock: Japan's 2026-11-25, 10:00.
const now = new Date('2026-11-25T10:00:00+09:00');
let t: TestContext;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const [p] = await t.db
    .select()
    .from(projects)
    .where(eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'));
  projectId = p!.id;
});
afterAll(() => t.close());

const body = (over: object) => ({
  projectId,
  month: '2026-10',
  billingDate: '2026-10-31',
  dueDate: '2026-11-30',
  lines: [{ key: 'waste-1', quantity: '1' }],
  ...over,
});

/** Well-formed months and dates the invoice's bounds refuse (2062 for 2026, 1926), each with its field. */
const outOfBounds = [
  [{ month: '2062-10' }, 'month', 'invoice_month_too_far'],
  [{ billingDate: '2062-10-31', dueDate: '2062-11-30' }, 'billingDate', 'invoice_billing_date_out_of_range'],
  [{ billingDate: '1926-10-31', dueDate: '1926-11-30' }, 'billingDate', 'invoice_billing_date_out_of_range'],
  [{ dueDate: '9999-11-30' }, 'dueDate', 'invoice_due_date_too_far'],
] as const;

describe('the qualified invoice calls: whose project, then its month and dates', () => {
  it("answers another transporter's project 404 whatever the month and dates, registering nothing", async () => {
    const before = (await t.db.select({ n: count() }).from(invoices))[0]!.n;
    for (const path of ['/trans/qualified-invoices', '/trans/qualified-invoices/pdf'])
      for (const [over] of outOfBounds) {
        const res = await t.as(PLATFORM).post(path, body(over));
        expect(res.statusCode, `${path} ${JSON.stringify(over)} ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ code: 'project_not_found', message: 'Project not found' });
      }
    expect((await t.db.select({ n: count() }).from(invoices))[0]!.n).toBe(before);
  });

  it("refuses the transporter's own project's month and dates on their fields", async () => {
    for (const path of ['/trans/qualified-invoices', '/trans/qualified-invoices/pdf'])
      for (const [over, field, code] of outOfBounds) {
        const res = await t.as(TRANS).post(path, body(over));
        expect(res.statusCode, `${path} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      }
  });
});
