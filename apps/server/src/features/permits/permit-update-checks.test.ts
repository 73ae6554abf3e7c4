import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { freshLicenseNumber, registerPermit } from '../../../test/fixtures/permits';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { attachments, permits, wastes } from '../../db/schema';

/**
 * PUT /trans/permits/{id}, in the order a refusal is found (permits.test.ts: the rules themselves): whose permit it
 * is, then whether it may change, then what the fields say. A permit of another company answers 404 whatever the
 * body, and a retired one 409, even with dates or kinds that would be refused.
 */

// The business clock: Japan's 2026-11-25, 10:00.
const now = new Date('2026-11-25T10:00:00+09:00');
let t: TestContext;
let plastics: number;
let combustible: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const major = async (name: string) =>
    (await t.db.query.wastes.findFirst({ where: and(eq(wastes.name, name), eq(wastes.level, 1)) }))!.id;
  plastics = await major('廃プラスチック類');
  combustible = await major('可燃ごみ');
});
afterAll(() => t?.close());

const update = (who: string, id: number, over: object) => {
  const body = multipartForm(
    {
      data: JSON.stringify({
        districtCode: '13',
        licenseNumber: freshLicenseNumber(),
        kind: 'COLLECTION_TRANSPORT',
        issueDate: '2024-04-01',
        expiryDate: '2029-03-31',
        transshipment: false,
        storageSite: '',
        wasteKindIds: [plastics],
        ...over,
      }),
    },
    [{ field: 'file', name: '許可証.pdf', content: samplePdf() }],
  );
  return t
    .as(who)
    .send({ method: 'PUT', url: `/trans/permits/${id}`, payload: body.payload, headers: body.headers });
};

/**
 * Well-formed fields a rule refuses, each on its own, had the permit been the caller's and live (a body that is not
 * even well-formed, `0000-01-01` say, is the schema's 400 before any permit is looked at, as on every call).
 */
const refusedBodies = () => [
  { issueDate: '1960-04-01' },
  { expiryDate: '9999-12-31' },
  { wasteKindIds: [combustible] },
];

describe('updating a permit: who, then whether, then what', () => {
  it("answers another company's permit 404 whatever the body says, and changes nothing", async () => {
    const permit = await registerPermit(t, TRANS, { wasteKindIds: [plastics] });
    const [before] = await t.db.select().from(permits).where(eq(permits.id, permit.id));
    const files = (await t.db.select().from(attachments)).length;
    for (const over of [{}, ...refusedBodies()]) {
      const res = await update(PLATFORM, permit.id, over);
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ code: 'permit_not_found', message: 'Permit not found' });
    }
    expect(await t.db.select().from(permits).where(eq(permits.id, permit.id))).toEqual([before]);
    expect((await t.db.select().from(attachments)).length).toBe(files);
  });

  it('answers a retired permit 409 before judging its fields', async () => {
    const permit = await registerPermit(t, TRANS, { wasteKindIds: [plastics] });
    expect((await t.as(TRANS).post(`/trans/permits/${permit.id}/retire`)).statusCode).toBe(200);
    for (const over of [{ issueDate: '1960-04-01' }, { expiryDate: '9999-12-31' }]) {
      const res = await update(TRANS, permit.id, over);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('invalid_status_transition');
    }
  });

  it("still refuses the caller's own live permit's dates on their fields", async () => {
    const permit = await registerPermit(t, TRANS, { wasteKindIds: [plastics] });
    const res = await update(TRANS, permit.id, { issueDate: '1960-04-01', expiryDate: '2037-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      issueDate: 'permit_date_too_early',
      expiryDate: 'permit_date_too_late',
    });
  });
});
