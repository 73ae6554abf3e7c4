import { nextDay } from '@junkan/shared/contract-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpCombinedPrices } from '../../../test/fixtures/combined-prices';
import { DIS, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { extractPdfText } from '../../../test/pdf-text';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { contractUnitPrices } from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;
let f: Awaited<ReturnType<typeof setUpCombinedPrices>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await setUpCombinedPrices(t);
});
afterAll(() => t.close());

type Line = Record<string, unknown>;

/** An industrial request of one line per waste, quoted by 東都 for `form` and accepted (CREATING_CONTRACT). */
async function accepted(wasteIds: number[], contractForm?: 'COMBINED' | 'SEPARATE') {
  const p = await f.openIndustrialRequest(wasteIds);
  const quoted = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, {
    contractForm,
    lines: p.lineIds.map((wasteLineId) => ({
      wasteLineId,
      unitPrice: 20_000,
      quantity: '2',
      unitMeasureId: f.ton,
    })),
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  expect((await t.as(DIS).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(200);
  return p;
}

const draftOf = async (projectId: number) => {
  const res = await t.as(TRANS).get(`/trans/projects/${projectId}/contract-draft`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const save = (projectId: number, contractForm: string, unitPrices: Line[], who = TRANS) =>
  t.as(who).put(`/trans/projects/${projectId}/contract`, {
    contractName: '産業廃棄物 収集運搬・処分委託契約',
    startDate: nextDay(tokyoDate(new Date())),
    endDate: '2099-12-31',
    contractType: 'AUTO_UPDATE',
    contractForm,
    paymentMethod: 'PAYMENT_INVOICE',
    unitPrices,
    manifestFee: 500,
    preparationFee: 3000,
    contactPerson: '佐藤 次郎',
    permitId: f.collectionPermitId,
  });

describe('the contract draft of a quote for transport and disposal together', () => {
  it('takes the form and both parts from the accepted quote', async () => {
    const p = await accepted([f.wastes.sub], 'COMBINED');
    const draft = await draftOf(p.id);
    expect(draft.contractForm).toBe('COMBINED');
    expect(draft.unitPrices).toEqual([
      expect.objectContaining({
        wasteLineId: p.lineIds[0],
        kind: 'INDUSTRIAL',
        unitPrice: 28_000,
        transportUnitPrice: 12_000,
        disposalUnitPrice: 16_000,
      }),
    ]);
  });

  it('takes the form of a SEPARATE quote, and fills the parts it lacks from the price lists', async () => {
    const p = await accepted([f.wastes.sub, f.wastes.noDisposal], 'SEPARATE');
    const draft = await draftOf(p.id);
    expect(draft.contractForm).toBe('SEPARATE');
    expect(
      draft.unitPrices.map((l: Line) => [l.unitPrice, l.transportUnitPrice, l.disposalUnitPrice]),
    ).toEqual([
      [20_000, 12_000, 16_000],
      [20_000, 9_000, null],
    ]);
  });

  it('shows another company nothing of it', async () => {
    const p = await accepted([f.wastes.sub], 'COMBINED');
    const res = await t.as(PLATFORM).get(`/trans/projects/${p.id}/contract-draft`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('16000');
  });
});

describe('saving a COMBINED contract', () => {
  it('keeps both parts and makes their sum the unit price, in one combined document', async () => {
    const p = await accepted([f.wastes.sub], 'COMBINED');
    const saved = await save(p.id, 'COMBINED', [
      { wasteLineId: p.lineIds[0], unitPrice: 1, transportUnitPrice: 11_000, disposalUnitPrice: 15_500 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contract.unitPrices).toEqual([
      expect.objectContaining({ unitPrice: 26_500, transportUnitPrice: 11_000, disposalUnitPrice: 15_500 }),
    ]);
    const draft = await draftOf(p.id);
    expect(draft.unitPrices[0]).toMatchObject({ transportUnitPrice: 11_000, disposalUnitPrice: 15_500 });
    const sent = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().contract.file.combine).not.toBeNull();
    expect(sent.json().contract.file.collection).toBeNull();
    // The document prints the parts under the unit price.
    const pdf = await t.as(TRANS).get(`/projects/${p.id}/contract/files/combine`);
    expect(pdf.statusCode).toBe(200);
    const text = (await extractPdfText(pdf.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('26,500円運搬11,000円処分15,500円');
    // The discharger sees both parts on the contract it confirms.
    const seen = (await t.as(DIS).get(`/projects/${p.id}`)).json().contract;
    expect(seen.unitPrices[0]).toMatchObject({ transportUnitPrice: 11_000, disposalUnitPrice: 15_500 });
  });

  it('refuses a line that lacks its disposal or transport part with unit_price_cannot_be_confirmed', async () => {
    const p = await accepted([f.wastes.sub], 'COMBINED');
    const lineId = p.lineIds[0];
    const noDisposal = await save(p.id, 'COMBINED', [
      { wasteLineId: lineId, unitPrice: 28_000, transportUnitPrice: 12_000, disposalUnitPrice: null },
    ]);
    expect(noDisposal.statusCode).toBe(409);
    expect(noDisposal.json()).toMatchObject({
      code: 'unit_price_cannot_be_confirmed',
      fields: { 'unitPrices.0.disposalUnitPrice': 'unit_price_cannot_be_confirmed' },
      params: { part: 'disposal' },
    });
    const noTransport = await save(p.id, 'COMBINED', [
      { wasteLineId: lineId, unitPrice: 28_000, disposalUnitPrice: 16_000 },
    ]);
    expect(noTransport.statusCode).toBe(409);
    expect(noTransport.json().fields).toEqual({
      'unitPrices.0.transportUnitPrice': 'unit_price_cannot_be_confirmed',
    });
    expect((await draftOf(p.id)).status).toBeNull();
  });

  it('refuses a typed part that neither the quote nor the price lists hold', async () => {
    const p = await accepted([f.wastes.noDisposal], 'SEPARATE');
    const typed = await save(p.id, 'COMBINED', [
      { wasteLineId: p.lineIds[0], unitPrice: 12_000, transportUnitPrice: 9_000, disposalUnitPrice: 3_000 },
    ]);
    expect(typed.statusCode).toBe(409);
    expect(typed.json().fields).toEqual({
      'unitPrices.0.disposalUnitPrice': 'unit_price_cannot_be_confirmed',
    });
  });
});

describe('saving a SEPARATE contract', () => {
  it('keeps the typed unit price and no parts, as before', async () => {
    const p = await accepted([f.wastes.noDisposal], 'SEPARATE');
    const saved = await save(p.id, 'SEPARATE', [
      { wasteLineId: p.lineIds[0], unitPrice: 9_800, transportUnitPrice: 1, disposalUnitPrice: 1 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contract.unitPrices[0]).toMatchObject({
      unitPrice: 9_800,
      transportUnitPrice: null,
      disposalUnitPrice: null,
    });
    const [row] = await t.db
      .select()
      .from(contractUnitPrices)
      .where(eq(contractUnitPrices.wasteLineId, p.lineIds[0]!));
    expect(row).toMatchObject({ unitPrice: 9_800, transportUnitPrice: null, disposalUnitPrice: null });
  });
});
