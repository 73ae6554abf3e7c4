import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServedArea } from '../../../test/fixtures/collection-areas';
import { companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { samplePdf, samplePng } from '../../../test/fixtures/upload-files';
import { mailBody, mailText } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  collectionAreaPrices,
  collectionAreas,
  dischargeSites,
  offices,
  quotes,
  users,
  wastes,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';

let t: TestContext;

const uploadDoc = (projectId: number, fileName: string, content: Buffer, email = TRANS) =>
  t.as(email).upload(`/trans/projects/${projectId}/quote-document`, fileName, content);

let f: {
  totoId: number;
  platformId: number;
  ginza: number;
  otherSite: number;
  officeId: number;
  regular: { id: number }[];
};

beforeAll(async () => {
  t = await createTestApp();
  const greenId = await companyId(t.db, '株式会社グリーン商事');
  const totoId = await companyId(t.db, '東都環境サービス株式会社');
  const platformId = await companyId(t.db, 'junkan収集運搬');
  const sites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, greenId));
  const office = await t.db.query.offices.findFirst({ where: eq(offices.companyId, greenId) });
  const regular = await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR'));
  f = {
    totoId,
    platformId,
    ginza: sites.find((s) => s.name === '銀座店')!.id,
    otherSite: sites.find((s) => s.name !== '銀座店')!.id,
    officeId: office!.id,
    regular,
  };
  // 東都 serves 銀座 (104-0061) for regular garbage with a price for the first waste and one for any waste,
  // newer than the demo's own 可燃ごみ price there (45 円/kg from 2020), so they are the ones in effect.
  const areaId = await insertServedArea(t.db, {
    transportCompanyId: totoId,
    type: 'REGULAR',
    areaName: '中央区テスト',
    posCode: '1040061',
  });
  await t.db.insert(collectionAreaPrices).values([
    { areaId, wasteId: regular[0]!.id, unitPrice: 1200, validFrom: '2024-04-01' },
    {
      areaId,
      wasteId: regular[0]!.id,
      unitPrice: 999,
      validFrom: '2000-01-01',
      validTo: '2019-12-31',
    },
    { areaId, wasteId: null, unitPrice: 800, validFrom: tokyoDate(new Date()) },
  ]);
});
afterAll(() => t.close());

/** A regular request of the demo discharger sent to the transporters (REQUEST_QUOTE). */
async function openRequest(siteId = f.ginza, wasteCount = 1) {
  const lines = f.regular.slice(0, wasteCount).map((w) => ({
    wasteId: w.id,
    monthlyCapacity: '120.5',
    bags: { '45': 2 },
    collectionCount: 1,
    weekdays: [1],
  }));
  const res = await t.as(DIS).post('/projects', {
    type: 'REGULAR',
    projectTitle: '見積テスト',
    officeId: f.officeId,
    dischargeSiteIds: [siteId],
    lines,
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().id as number;
  expect((await t.as(DIS).post(`/projects/${id}/request-quote`)).statusCode).toBe(200);
  return res.json() as { id: number; pwasteRegulars: { id: number }[] };
}

const quoteBody = (lineIds: number[], over: Record<string, unknown> = {}) => ({
  lines: lineIds.map((wasteLineId, i) => ({ wasteLineId, unitPrice: 1200 + i, quantity: '1.5' })),
  validUntil: '2099-03-31',
  note: '税別',
  ...over,
});

describe('visibility of open requests', () => {
  it('shows an open request in the area (list, detail, files) and hides it elsewhere', async () => {
    const p = await openRequest();
    // Files are added while a draft: make another request with a file.
    const draft = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: '添付つき',
      dischargeSiteIds: [f.ginza],
      lines: [{ wasteId: f.regular[0]!.id, bags: { '45': 1 }, collectionCount: 1, weekdays: [2] }],
    });
    const draftId = draft.json().id as number;
    const up = await t.as(DIS).upload(`/projects/${draftId}/attachments`, '仕様.pdf', samplePdf());
    expect(up.statusCode).toBe(200);
    // Not yet sent: the transporter does not see the draft.
    expect((await t.as(TRANS).get(`/projects/${draftId}`)).statusCode).toBe(404);
    expect((await t.as(DIS).post(`/projects/${draftId}/request-quote`)).statusCode).toBe(200);

    const list = (await t.as(TRANS).get('/trans/projects')).json().items as { id: number }[];
    expect(list.map((r) => r.id)).toEqual(expect.arrayContaining([p.id, draftId]));
    const tabbed = (await t.as(TRANS).get('/trans/projects?tab=PAST')).json().items as { id: number }[];
    expect(tabbed.map((r) => r.id)).not.toContain(p.id);
    const detail = await t.as(TRANS).get(`/projects/${p.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      projectStatus: 'REQUEST_QUOTE',
      transportCompany: null,
      quote: null,
    });
    const file = await t.as(TRANS).get(`/projects/${draftId}/attachments/${up.json().id}`);
    expect(file.statusCode).toBe(200);

    // The platform transporter has no area here; another discharger never sees it.
    expect((await t.as(PLATFORM).get(`/projects/${p.id}`)).statusCode).toBe(404);
    const platformList = (await t.as(PLATFORM).get('/trans/projects')).json().items as { id: number }[];
    expect(platformList.map((r) => r.id)).not.toContain(p.id);
    const denied = await t.as(PLATFORM).get(`/projects/${draftId}/attachments/${up.json().id}`);
    expect(denied.statusCode).toBe(404);
    expect((await t.as(DIS2).get(`/projects/${p.id}`)).statusCode).toBe(404);
    // A site in no transporter's area cannot be sent (collection_area_not_supported) and stays hidden.
    const outside = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: 'エリア外',
      dischargeSiteIds: [f.otherSite],
      lines: [{ wasteId: f.regular[0]!.id, bags: { '45': 1 }, collectionCount: 1, weekdays: [2] }],
    });
    expect(outside.json().collectionAreaSupported).toBe(false);
    const refused = await t.as(DIS).post(`/projects/${outside.json().id}/request-quote`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'collection_area_not_supported',
      fields: { dischargeSiteIds: 'collection_area_not_supported' },
    });
    expect((await t.as(DIS).get(`/projects/${outside.json().id}`)).json().projectStatus).toBe(
      'CREATING_QUOTE',
    );
    expect((await t.as(TRANS).get(`/projects/${outside.json().id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/trans/projects/{id}/quote-suggestion', () => {
  it('answers the waste price valid today, else the any-waste price', async () => {
    const p = await openRequest(f.ginza, 2);
    const res = await t.as(TRANS).get(`/trans/projects/${p.id}/quote-suggestion`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      {
        wasteLineId: p.pwasteRegulars[0]!.id,
        kind: 'REGULAR',
        unitPrice: 1200,
        disposalUnitPrice: null,
        unitMeasure: null,
        quantity: 120.5,
      },
      {
        wasteLineId: p.pwasteRegulars[1]!.id,
        kind: 'REGULAR',
        unitPrice: 800,
        disposalUnitPrice: null,
        unitMeasure: null,
        quantity: 120.5,
      },
    ]);
    expect((await t.as(PLATFORM).get(`/trans/projects/${p.id}/quote-suggestion`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/trans/projects/${p.id}/quote-suggestion`)).statusCode).toBe(403);
  });
});

describe('POST /api/trans/projects/{id}/quotes', () => {
  it('registers a quote with totals, takes the project and mails the discharger', async () => {
    const p = await openRequest(f.ginza, 2);
    const ids = p.pwasteRegulars.map((l) => l.id);
    const before = t.smtp.mails.length;
    const res = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, {
      lines: [
        { wasteLineId: ids[0], unitPrice: 333, quantity: '0.5' },
        { wasteLineId: ids[1], unitPrice: 1000, quantity: '1,200' },
      ],
      validUntil: '2099-01-31',
      note: '税別',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectStatus: 'COMPLETE_QUOTE',
      transportCompany: { id: f.totoId },
      quote: {
        status: 'SUBMITTED',
        transportCompany: { id: f.totoId, name: '東都環境サービス株式会社' },
        lines: [
          { wasteLineId: ids[0], unitPrice: 333, quantity: 0.5, amount: 167 },
          { wasteLineId: ids[1], unitPrice: 1000, quantity: 1200, amount: 1_200_000 },
        ],
        totalAmount: 1_200_167,
        totalWithTax: 1_320_183,
        validUntil: '2099-01-31',
        note: '税別',
        document: null,
      },
    });
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([DIS]);
    expect(mailText(sent[0]!.raw)).toContain(`/sys/project-managment/detail/${p.id}`);
    // The discharger sees the same quote.
    const seen = (await t.as(DIS).get(`/projects/${p.id}`)).json();
    expect(seen.quote.totalAmount).toBe(1_200_167);

    // Quoting again once the project left REQUEST_QUOTE: 409 for the quoter and another transporter serving the area.
    const again = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_status_transition');
  });

  it('gives one success and one 409 to two transporters of the area quoting at once', async () => {
    // The platform transporter also serves 銀座 for regular garbage in this test.
    const areaId = await insertServedArea(t.db, {
      transportCompanyId: f.platformId,
      type: 'REGULAR',
      areaName: '銀座',
      posCode: '104-0061',
    });
    try {
      const p = await openRequest();
      const ids = p.pwasteRegulars.map((l) => l.id);
      const codes = (
        await Promise.all([
          t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids)),
          t.as(PLATFORM).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids)),
        ])
      ).map((r) => r.statusCode);
      expect(codes.sort()).toEqual([200, 409]);
      const late = await openRequest();
      const lateIds = late.pwasteRegulars.map((l) => l.id);
      expect(
        (await t.as(PLATFORM).post(`/trans/projects/${late.id}/quotes`, quoteBody(lateIds))).statusCode,
      ).toBe(200);
      const second = await t.as(TRANS).post(`/trans/projects/${late.id}/quotes`, quoteBody(lateIds));
      expect(second.statusCode).toBe(409);
      // Now the platform's project: hidden from 東都.
      expect((await t.as(TRANS).get(`/projects/${late.id}`)).statusCode).toBe(404);
    } finally {
      await t.db.delete(collectionAreas).where(eq(collectionAreas.id, areaId));
    }
  });

  it('refuses the wrong role, another area and bad input', async () => {
    const p = await openRequest(f.ginza, 2);
    const ids = p.pwasteRegulars.map((l) => l.id);
    const url = `/api/trans/projects/${p.id}/quotes`;
    expect((await t.as(DIS).post(url, quoteBody(ids))).statusCode).toBe(403);
    expect((await t.anonymous.post(url, quoteBody(ids))).statusCode).toBe(401);
    expect((await t.as(PLATFORM).post(url, quoteBody(ids))).statusCode).toBe(404);
    const bad = async (body: unknown, field: string, code: string, status = 400) => {
      const res = await t.as(TRANS).post(url, body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
      expect(res.json().fields?.[field]).toBe(code);
    };
    await bad(quoteBody([ids[0]!]), 'lines', 'MSG_00_21');
    await bad(quoteBody([...ids, ids[0]!]), 'lines.2.wasteLineId', 'invalid_format');
    await bad(quoteBody([ids[0]!, 999_999]), 'lines.1.wasteLineId', 'not_found', 404);
    await bad({ lines: [] }, 'lines', 'MSG_00_21');
    await bad(
      { lines: ids.map((wasteLineId) => ({ wasteLineId, unitPrice: -1, quantity: '1' })) },
      'lines.0.unitPrice',
      'invalid_format',
    );
    await bad(
      { lines: ids.map((wasteLineId) => ({ wasteLineId, unitPrice: 100_000_000, quantity: '1' })) },
      'lines.0.unitPrice',
      'invalid_format',
    );
    await bad(
      { lines: ids.map((wasteLineId) => ({ wasteLineId, unitPrice: 1.5, quantity: '1' })) },
      'lines.0.unitPrice',
      'invalid_format',
    );
    await bad(
      { lines: ids.map((wasteLineId) => ({ wasteLineId, unitPrice: 1, quantity: '1.234' })) },
      'lines.0.quantity',
      'MSG_00_27',
    );
    await bad(
      { lines: ids.map((wasteLineId) => ({ wasteLineId, unitPrice: 99_999_999, quantity: '99' })) },
      'lines.0.unitPrice',
      'invalid_format',
    );
    await bad(quoteBody(ids, { validUntil: '2027/01/01' }), 'validUntil', 'invalid_format');
    await bad(quoteBody(ids, { note: 'あ'.repeat(513) }), 'note', 'max_length_exceeded');
    // Nothing was saved.
    expect(await t.db.select().from(quotes).where(eq(quotes.projectId, p.id))).toEqual([]);
  });
});

describe('bag lines priced per bag or per collection', () => {
  /** A request with a line asked for in bags only (45 L x2, 70 L x1, twice a week) and one in kg. */
  async function bagRequest() {
    const res = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: '袋だけの依頼',
      dischargeSiteIds: [f.ginza],
      lines: [
        { wasteId: f.regular[0]!.id, bags: { '45': 2, '70': 1 }, collectionCount: 2, weekdays: [1, 4] },
        { wasteId: f.regular[1]!.id, monthlyCapacity: '100', collectionCount: 1, weekdays: [2] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().collectionAreaSupported).toBe(true);
    expect((await t.as(DIS).post(`/projects/${res.json().id}/request-quote`)).statusCode).toBe(200);
    const ids = (res.json().pwasteRegulars as { id: number }[]).map((l) => l.id);
    return { id: res.json().id as number, ids };
  }

  it('stores the basis with each line and the contract draft takes its unit', async () => {
    const p = await bagRequest();
    const res = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, {
      lines: [
        { wasteLineId: p.ids[0], pricingBasis: 'BAG', bagSize: 45, unitPrice: 300, quantity: '17.33' },
        { wasteLineId: p.ids[1], unitPrice: 40, quantity: '100' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().quote.lines;
    expect(lines[0]).toMatchObject({
      kind: 'REGULAR',
      pricingBasis: 'BAG',
      bagSize: 45,
      unitMeasure: null,
      amount: 5199,
    });
    // A regular line by quantity is in the unit master's kg.
    expect(lines[1]).toMatchObject({ pricingBasis: 'QUANTITY', bagSize: null, unitMeasure: { unit: 'kg' } });
    expect((await t.as(DIS).get(`/projects/${p.id}`)).json().quote.lines[0].pricingBasis).toBe('BAG');

    expect((await t.as(DIS).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(200);
    const draft = await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().unitPrices).toMatchObject([
      { wasteLineId: p.ids[0], unitPrice: 300, unit: '袋(45L)', quantity: 17.33 },
      { wasteLineId: p.ids[1], unitPrice: 40, unit: 'kg', quantity: 100 },
    ]);
  });

  it('prices per collection', async () => {
    const p = await bagRequest();
    const res = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, {
      lines: [
        { wasteLineId: p.ids[0], pricingBasis: 'COLLECTION', unitPrice: 2500, quantity: '8.67' },
        { wasteLineId: p.ids[1], pricingBasis: 'COLLECTION', unitPrice: 1000, quantity: '4.33' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote.lines).toMatchObject([
      { pricingBasis: 'COLLECTION', bagSize: null, unitMeasure: null, amount: 21_675 },
      { pricingBasis: 'COLLECTION', bagSize: null, unitMeasure: null, amount: 4330 },
    ]);
  });

  it('refuses a bag size the request lacks, a bag price without a size, and a size with another basis', async () => {
    const p = await bagRequest();
    const url = `/trans/projects/${p.id}/quotes`;
    const second = { wasteLineId: p.ids[1], unitPrice: 40, quantity: '100' };
    const bad = async (first: Record<string, unknown>, field: string, code: string) => {
      const res = await t.as(TRANS).post(url, {
        lines: [{ wasteLineId: p.ids[0], unitPrice: 300, quantity: '10', ...first }, second],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields?.[field]).toBe(code);
    };
    await bad({ pricingBasis: 'BAG', bagSize: 90 }, 'lines.0.bagSize', 'bag_size_not_requested');
    await bad({ pricingBasis: 'BAG' }, 'lines.0.bagSize', 'MSG_00_21');
    await bad({ pricingBasis: 'COLLECTION', bagSize: 45 }, 'lines.0.bagSize', 'invalid_format');
    await bad({ pricingBasis: 'PER_TRUCK' }, 'lines.0.pricingBasis', 'invalid_format');
    // The kg line asks for no bags.
    const noBags = await t.as(TRANS).post(url, {
      lines: [
        { wasteLineId: p.ids[0], unitPrice: 300, quantity: '10' },
        { ...second, pricingBasis: 'BAG', bagSize: 45 },
      ],
    });
    expect(noBags.json().fields?.['lines.1.bagSize']).toBe('bag_size_not_requested');
    expect(await t.db.select().from(quotes).where(eq(quotes.projectId, p.id))).toEqual([]);
  });
});

describe('a quote past its valid-until date', () => {
  const japanDay = (offsetDays: number) => tokyoDate(new Date(Date.now() + offsetDays * 86_400_000));

  async function quotedUntil(validUntil: string) {
    const p = await openRequest();
    const ids = p.pwasteRegulars.map((l) => l.id);
    const res = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids, { validUntil }));
    expect(res.statusCode).toBe(200);
    return p;
  }

  it('is not sent already expired: a valid-until date before today is refused on its field', async () => {
    const p = await openRequest();
    const ids = p.pwasteRegulars.map((l) => l.id);
    const res = await t
      .as(TRANS)
      .post(`/trans/projects/${p.id}/quotes`, quoteBody(ids, { validUntil: japanDay(-1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ validUntil: 'valid_until_in_past' });
    expect((await t.as(DIS).get(`/projects/${p.id}`)).json().projectStatus).toBe('REQUEST_QUOTE');
  });

  it('is refused on acceptance with the date, and can still be asked again', async () => {
    const yesterday = japanDay(-1);
    // Sent valid until today; a day on, it is past its date.
    const p = await quotedUntil(japanDay(0));
    await t.db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.projectId, p.id));
    const detail = (await t.as(DIS).get(`/projects/${p.id}`)).json();
    expect(detail.quote).toMatchObject({ validUntil: yesterday, isExpired: true });
    // Another company's discharger learns nothing of it.
    const other = await t.as(DIS2).post(`/projects/${p.id}/accept-quote`);
    expect(other.statusCode).toBe(404);
    const res = await t.as(DIS).post(`/projects/${p.id}/accept-quote`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'quote_expired',
      params: { validUntil: yesterday.replaceAll('-', '/') },
    });
    const after = (await t.as(DIS).get(`/projects/${p.id}`)).json();
    expect(after).toMatchObject({ projectStatus: 'COMPLETE_QUOTE', quote: { status: 'SUBMITTED' } });
    const requote = await t.as(DIS).post(`/projects/${p.id}/request-requote`, { reason: '期限切れのため' });
    expect(requote.statusCode).toBe(200);
  });

  it('holds through its last day (Japan)', async () => {
    const p = await quotedUntil(tokyoDate(new Date()));
    expect((await t.as(DIS).get(`/projects/${p.id}`)).json().quote.isExpired).toBe(false);
    const res = await t.as(DIS).post(`/projects/${p.id}/accept-quote`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().projectStatus).toBe('CREATING_CONTRACT');
  });
});

describe('quote document', () => {
  it('takes one PDF from the quoting transporter, readable by both parties', async () => {
    const p = await openRequest();
    const ids = p.pwasteRegulars.map((l) => l.id);
    // No quote yet: nothing to attach to.
    expect((await uploadDoc(p.id, '見積書.pdf', samplePdf())).statusCode).toBe(409);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids))).statusCode).toBe(200);
    const png = await uploadDoc(p.id, '見積書.png', samplePng());
    expect(png.statusCode).toBe(400);
    expect(png.json().code).toBe('upload_file_type_error');
    const fake = await uploadDoc(p.id, '見積書.pdf', samplePng());
    expect(fake.json().code).toBe('upload_file_type_error');
    const ok = await uploadDoc(p.id, '見積書.pdf', samplePdf());
    expect(ok.statusCode).toBe(200);
    const second = await uploadDoc(p.id, '見積書2.pdf', samplePdf());
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('MSG_28_5');
    expect((await uploadDoc(p.id, 'x.pdf', samplePdf(), DIS)).statusCode).toBe(403);
    expect((await uploadDoc(p.id, 'x.pdf', samplePdf(), PLATFORM)).statusCode).toBe(404);

    const detail = (await t.as(DIS).get(`/projects/${p.id}`)).json();
    expect(detail.quote.document).toMatchObject({ id: ok.json().id, fileName: '見積書.pdf' });
    for (const email of [DIS, TRANS]) {
      const res = await t.as(email).get(`/projects/${p.id}/attachments/${ok.json().id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    const other = await t.as(PLATFORM).get(`/projects/${p.id}/attachments/${ok.json().id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('the discharger answers', () => {
  async function quoted() {
    const p = await openRequest();
    const ids = p.pwasteRegulars.map((l) => l.id);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids))).statusCode).toBe(200);
    return { ...p, ids };
  }

  it('cancelling while the quote awaits an answer mails the transporter with the project, reason and link', async () => {
    const p = await quoted();
    const before = t.smtp.mails.length;
    const res = await t.as(DIS).post(`/projects/${p.id}/cancel`, { reason: '社内稟議が通らず' });
    expect(res.statusCode).toBe(200);
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([TRANS]);
    const body = mailBody(sent[0]!.raw);
    expect(body).toContain('排出事業者が案件を取り消しました');
    expect(body).toContain('案件名: 見積テスト');
    expect(body).toContain('理由: 社内稟議が通らず');
    expect(body).toContain(`/sys/project-managment/detail/${p.id}`);
  });

  it('cancelling a request mails every transporter it was sent to, quoted or not, once each', async () => {
    // The platform serves 銀座 too for this test: the request goes to both transporters.
    const areaId = await insertServedArea(t.db, {
      transportCompanyId: f.platformId,
      type: 'REGULAR',
      areaName: '銀座 取消テスト',
      posCode: '104-0061',
    });
    try {
      for (const quotedBy of [null, TRANS]) {
        const sentBefore = t.smtp.mails.length;
        const p = await openRequest();
        const requestedTo = t.smtp.mails
          .slice(sentBefore)
          .flatMap((m) => m.to)
          .sort();
        expect(requestedTo).toEqual([PLATFORM, TRANS].sort());
        // Before any quote (REQUEST_QUOTE), and with one transporter's quote awaiting an answer (COMPLETE_QUOTE).
        if (quotedBy) {
          const ids = p.pwasteRegulars.map((l) => l.id);
          const quote = await t.as(quotedBy).post(`/trans/projects/${p.id}/quotes`, quoteBody(ids));
          expect(quote.statusCode).toBe(200);
        }
        const before = t.smtp.mails.length;
        const res = await t.as(DIS).post(`/projects/${p.id}/cancel`, { reason: '計画の見直し' });
        expect(res.statusCode).toBe(200);
        const sent = t.smtp.mails.slice(before);
        expect(sent.flatMap((m) => m.to).sort()).toEqual(requestedTo);
        for (const mail of sent) {
          const body = mailBody(mail.raw);
          expect(body).toContain('排出事業者が案件を取り消しました');
          expect(body).toContain('案件名: 見積テスト');
          expect(body).toContain('理由: 計画の見直し');
        }
      }
    } finally {
      await t.db.delete(collectionAreas).where(eq(collectionAreas.id, areaId));
    }
  });

  it('cancelling a draft, which was sent to nobody, mails nobody', async () => {
    const res = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: '下書き',
      officeId: f.officeId,
      dischargeSiteIds: [f.ginza],
      lines: [
        {
          wasteId: f.regular[0]!.id,
          monthlyCapacity: '1',
          bags: { '45': 1 },
          collectionCount: 1,
          weekdays: [1],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const before = t.smtp.mails.length;
    expect((await t.as(DIS).post(`/projects/${res.json().id}/cancel`)).statusCode).toBe(200);
    expect(t.smtp.mails.length).toBe(before);
  });

  it('accepts: CREATING_CONTRACT, quote ACCEPTED, transporter mailed', async () => {
    const p = await quoted();
    expect((await t.as(TRANS).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(403);
    expect((await t.as(DIS2).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(404);
    const before = t.smtp.mails.length;
    const res = await t.as(DIS).post(`/projects/${p.id}/accept-quote`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectStatus: 'CREATING_CONTRACT',
      transportCompany: { id: f.totoId },
      quote: { status: 'ACCEPTED' },
    });
    expect(t.smtp.mails.slice(before).flatMap((m) => m.to)).toEqual([TRANS]);
    const again = await t.as(DIS).post(`/projects/${p.id}/accept-quote`);
    expect(again.statusCode).toBe(409);
    expect((await t.as(DIS).post(`/projects/${p.id}/request-requote`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('asks again: REQUEST_QUOTE with the reason, quote DECLINED, open to the area again', async () => {
    const p = await quoted();
    const missing = await t.as(DIS).post(`/projects/${p.id}/request-requote`, { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.reason).toBe('MSG_00_21');
    const before = t.smtp.mails.length;
    const res = await t.as(DIS).post(`/projects/${p.id}/request-requote`, {
      reason: '単価を見直してください',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectStatus: 'REQUEST_QUOTE', transportCompany: null, quote: null });
    expect(res.json().history.at(-1)).toMatchObject({
      fromStatus: 'COMPLETE_QUOTE',
      toStatus: 'REQUEST_QUOTE',
      reason: '単価を見直してください',
    });
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([TRANS]);
    const [declined] = await t.db.select().from(quotes).where(eq(quotes.projectId, p.id));
    expect(declined!.status).toBe('DECLINED');
    // Still visible to the area's transporter, who may quote again (the declined quote is replaced).
    const again = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(p.ids));
    expect(again.statusCode).toBe(200);
    expect(again.json().quote).toMatchObject({ id: declined!.id, status: 'SUBMITTED' });
    const rows = await t.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.projectId, p.id), eq(quotes.transportCompanyId, f.totoId)));
    expect(rows).toHaveLength(1);
  });

  it("dates a requote the business today, not the first quote, and drops the first quote's document", async () => {
    const p = await quoted();
    expect((await uploadDoc(p.id, '見積書.pdf', samplePdf())).statusCode).toBe(200);
    // The first quote was issued weeks ago.
    await t.db
      .update(quotes)
      .set({ createdAt: new Date('2020-04-01T10:00:00+09:00') })
      .where(eq(quotes.projectId, p.id));
    const first = (await t.as(DIS).get(`/projects/${p.id}`)).json().quote;
    expect(tokyoDate(new Date(first.createdDate))).toBe('2020-04-01');
    expect(first.document).not.toBeNull();
    const asked = await t.as(DIS).post(`/projects/${p.id}/request-requote`, { reason: '数量の変更' });
    expect(asked.statusCode).toBe(200);

    const requoted = await t.as(TRANS).post(`/trans/projects/${p.id}/quotes`, quoteBody(p.ids));
    expect(requoted.statusCode, requoted.body).toBe(200);
    const today = tokyoDate(t.app.now());
    for (const who of [TRANS, DIS]) {
      const quote = (await t.as(who).get(`/projects/${p.id}`)).json().quote;
      expect(quote).toMatchObject({ id: first.id, status: 'SUBMITTED', document: null });
      expect(tokyoDate(new Date(quote.createdDate))).toBe(today);
    }
  });

  it('refuses an answer before a quote arrives', async () => {
    const p = await openRequest();
    const res = await t.as(DIS).post(`/projects/${p.id}/accept-quote`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_status_transition');
    const u = await t.db.query.users.findFirst({ where: eq(users.email, DIS) });
    expect(u).toBeTruthy();
  });
});
