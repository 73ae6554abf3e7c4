import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardHarness, startCardHarness } from '../../../test/card-harness';
import { DIS, TRANS } from '../../../test/fixtures/demo-data';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import { cardPayments, contracts, projects } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

/**
 * A card payment on the business clock: the capture and the invoice's settlement are dated by the application's
 * clock, not by the machine's or the provider's. The clock here runs from a morning months away from the machine's
 * date, so a date taken from anywhere else shows.
 */
const BUSINESS_START = Date.parse('2027-02-15T01:00:00Z'); // 10:00 in Japan
const started = Date.now();
const now = () => new Date(BUSINESS_START + (Date.now() - started));

let h: CardHarness;

beforeAll(async () => {
  h = await startCardHarness({ listen: true, now });
});
afterAll(() => h?.close());

describe('a card payment on the business clock', () => {
  it('records the capture and settles the invoice on the business day', async () => {
    const { t } = h;
    const [project] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
    await t.db
      .update(contracts)
      .set({ paymentMethod: 'CREDIT_CARD' })
      .where(eq(contracts.projectId, project!.id));
    const body = multipartForm(
      {
        data: JSON.stringify({
          projectId: project!.id,
          invoices: [
            { billedMonth: '2027-01', billingDate: '2027-02-15', dueDate: '2027-03-31', amount: 22000 },
          ],
        }),
      },
      [{ field: 'files.0', name: '請求書.pdf', content: samplePdf() }],
    );
    const created = await t.as(TRANS).post('/trans/invoices', body.payload, body.headers);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }[]>()[0]!.id;
    expect((await t.as(TRANS).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);

    const token = await h.tokenFor('4242424242424242');
    const paid = await t.as(DIS).post(`/invoices/${id}/card-payments`, { token, attemptKey: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'PAID' });

    const invoice = (await t.as(DIS).get(`/invoices/${id}`)).json();
    expect(tokyoDate(now())).toBe('2027-02-15');
    expect(invoice).toMatchObject({ status: 'PAID', settlementDate: '2027-02-15' });
    const [attempt] = await t.db.select().from(cardPayments).where(eq(cardPayments.invoiceId, id));
    expect(tokyoDate(attempt!.capturedAt!)).toBe('2027-02-15');
  });
});
