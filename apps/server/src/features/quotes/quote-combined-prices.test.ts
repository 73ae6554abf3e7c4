import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpCombinedPrices } from '../../../test/fixtures/combined-prices';
import { DIS, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { permits } from '../../db/schema';

let t: TestContext;
let f: Awaited<ReturnType<typeof setUpCombinedPrices>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await setUpCombinedPrices(t);
});
afterAll(() => t.close());

const suggestion = async (projectId: number, who = TRANS) => {
  const res = await t.as(who).get(`/trans/projects/${projectId}/quote-suggestion`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines as Record<string, unknown>[];
};

const quote = (projectId: number, body: Record<string, unknown>, who = TRANS) =>
  t.as(who).post(`/trans/projects/${projectId}/quotes`, body);

const line = (wasteLineId: number, over: Record<string, unknown> = {}) => ({
  wasteLineId,
  unitPrice: 20_000,
  quantity: '2',
  unitMeasureId: f.ton,
  ...over,
});

describe('the suggestion of an industrial request', () => {
  it('answers the transport price and the disposal price in the line unit, each null where none is listed', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub, f.wastes.noDisposal, f.wastes.noTransport]);
    const lines = await suggestion(p.id);
    const unitMeasure = { id: f.ton, unit: 't' };
    expect(lines).toEqual([
      // The sub-class takes its major class's disposal price.
      {
        wasteLineId: p.lineIds[0],
        kind: 'INDUSTRIAL',
        unitPrice: 12_000,
        disposalUnitPrice: 16_000,
        unitMeasure,
        quantity: 2,
      },
      // Its only disposal price is per m3: none in t.
      {
        wasteLineId: p.lineIds[1],
        kind: 'INDUSTRIAL',
        unitPrice: 9_000,
        disposalUnitPrice: null,
        unitMeasure,
        quantity: 2,
      },
      {
        wasteLineId: p.lineIds[2],
        kind: 'INDUSTRIAL',
        unitPrice: null,
        disposalUnitPrice: 5_000,
        unitMeasure,
        quantity: 2,
      },
    ]);
  });

  it('never shows another company prices to a competitor quoting the same request', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub]);
    const [theirs] = await suggestion(p.id, PLATFORM);
    expect(theirs).toMatchObject({ unitPrice: 11_000, disposalUnitPrice: null });
    // Without disposal prices of its own, the competitor cannot quote transport and disposal together.
    const refused = await quote(p.id, { contractForm: 'COMBINED', lines: [line(p.lineIds[0]!)] }, PLATFORM);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'unit_price_cannot_be_confirmed',
      fields: { 'lines.0.disposalUnitPrice': 'unit_price_cannot_be_confirmed' },
    });
  });
});

describe('a quote for transport and disposal together (COMBINED)', () => {
  it('prices each industrial line as transport plus disposal and keeps both parts', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub]);
    // The typed unit price is not what counts: the parts (listed ones by default) make it.
    const res = await quote(p.id, {
      contractForm: 'COMBINED',
      lines: [line(p.lineIds[0]!, { unitPrice: 1 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote).toMatchObject({
      contractForm: 'COMBINED',
      totalAmount: 56_000,
      lines: [{ transportUnitPrice: 12_000, disposalUnitPrice: 16_000, unitPrice: 28_000, amount: 56_000 }],
    });
    // The discharger sees the same parts.
    const seen = (await t.as(DIS).get(`/projects/${p.id}`)).json().quote;
    expect(seen.lines[0]).toMatchObject({ transportUnitPrice: 12_000, disposalUnitPrice: 16_000 });
  });

  it('takes typed parts (a negotiated price) when both are listed', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub]);
    const res = await quote(p.id, {
      contractForm: 'COMBINED',
      lines: [line(p.lineIds[0]!, { transportUnitPrice: 11_500, disposalUnitPrice: 15_000 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote.lines[0]).toMatchObject({ unitPrice: 26_500, amount: 53_000 });
  });

  it('answers unit_price_cannot_be_confirmed on the missing disposal or transport part, quoting nothing', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub, f.wastes.noDisposal]);
    const noDisposal = await quote(p.id, {
      contractForm: 'COMBINED',
      // A typed part does not stand in for a price the lists lack.
      lines: [line(p.lineIds[0]!), line(p.lineIds[1]!, { disposalUnitPrice: 3_000 })],
    });
    expect(noDisposal.statusCode).toBe(409);
    expect(noDisposal.json()).toMatchObject({
      code: 'unit_price_cannot_be_confirmed',
      fields: { 'lines.1.disposalUnitPrice': 'unit_price_cannot_be_confirmed' },
      params: { wasteName: '一括テスト汚泥', part: 'disposal' },
    });

    const q = await f.openIndustrialRequest([f.wastes.noTransport]);
    const noTransport = await quote(q.id, { contractForm: 'COMBINED', lines: [line(q.lineIds[0]!)] });
    expect(noTransport.statusCode).toBe(409);
    expect(noTransport.json()).toMatchObject({
      fields: { 'lines.0.transportUnitPrice': 'unit_price_cannot_be_confirmed' },
      params: { part: 'transport' },
    });
    for (const id of [p.id, q.id])
      expect((await t.as(DIS).get(`/projects/${id}`)).json()).toMatchObject({
        projectStatus: 'REQUEST_QUOTE',
        quote: null,
      });
  });

  it('refuses a disposal price once the disposal permit is retired', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub]);
    await t.db.update(permits).set({ retiredAt: new Date() }).where(eq(permits.id, f.permitId));
    try {
      expect((await suggestion(p.id))[0]).toMatchObject({ unitPrice: 12_000, disposalUnitPrice: null });
      const res = await quote(p.id, { contractForm: 'COMBINED', lines: [line(p.lineIds[0]!)] });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toEqual({ 'lines.0.disposalUnitPrice': 'unit_price_cannot_be_confirmed' });
    } finally {
      await t.db.update(permits).set({ retiredAt: null }).where(eq(permits.id, f.permitId));
    }
  });
});

describe('quotes that are not for transport and disposal together', () => {
  it('keeps one typed unit price per line for SEPARATE or an unstated form, with no parts', async () => {
    for (const contractForm of ['SEPARATE', undefined]) {
      const p = await f.openIndustrialRequest([f.wastes.noDisposal]);
      const res = await quote(p.id, {
        contractForm,
        lines: [line(p.lineIds[0]!, { unitPrice: 9_500, disposalUnitPrice: 1 })],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().quote).toMatchObject({
        contractForm: contractForm ?? null,
        lines: [{ unitPrice: 9_500, transportUnitPrice: null, disposalUnitPrice: null, amount: 19_000 }],
      });
    }
  });

  it('refuses an unknown form as bad input', async () => {
    const p = await f.openIndustrialRequest([f.wastes.sub]);
    const res = await quote(p.id, { contractForm: 'BOTH', lines: [line(p.lineIds[0]!)] });
    expect(res.statusCode).toBe(400);
  });
});
