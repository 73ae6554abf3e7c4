import type { QualifiedInvoiceDraft } from '@junkan/shared/api/qualified-invoices';
import { formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { computeQualifiedInvoice } from '@junkan/shared/rules/qualified-invoice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, DIS, PLATFORM, TRANS, unitId } from '../../../test/fixtures/demo-data';
import { insertIndustrialProject } from '../../../test/fixtures/projects';
import { multipartForm, samplePdf } from '../../../test/fixtures/upload-files';
import { extractPdfText } from '../../../test/pdf-text';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  companies,
  contracts,
  contractUnitPrices,
  invoices,
  projects,
  projectWasteLines,
  regularReports,
  transportReports,
  wastes,
} from '../../db/schema';
import { generateQualifiedInvoicePdf } from './qualified-invoice-generation';

let t: TestContext;
const MONTH = '2026-10';
const REGISTRATION_NUMBER = 'T7000012050002';
let toto: number;
let green: number;
let industrial: { projectId: number; plasticsLine: number; metalLine: number };
let regular: { projectId: number; line: number };

async function insertContract(
  projectId: number,
  prices: [number, number][],
  manifestFee = 0,
  status = 'APPROVED',
) {
  const [contract] = await t.db
    .insert(contracts)
    .values({
      projectId,
      transportCompanyId: toto,
      status,
      name: '収集運搬契約',
      startDate: '2026-04-01',
      endDate: '2027-03-31',
      contractType: 'NO_AUTO_UPDATE',
      contractForm: 'COMBINED',
      paymentMethod: 'PAYMENT_INVOICE',
      manifestFee,
      contactPerson: '佐藤 次郎',
      licenseNumber: '第1301-0042号',
      licenseDistrict: '東京都',
      licenseExpireDate: '2029-03-31',
    })
    .returning({ id: contracts.id });
  await t.db
    .insert(contractUnitPrices)
    .values(prices.map(([wasteLineId, unitPrice]) => ({ contractId: contract!.id, wasteLineId, unitPrice })));
  return contract!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  toto = await companyId(t.db, '東都環境サービス株式会社');
  green = await companyId(t.db, '株式会社グリーン商事');
  await t.db
    .update(companies)
    .set({ invoiceRegistrationNumber: REGISTRATION_NUMBER })
    .where(eq(companies.id, toto));
  const tonne = await unitId(t.db, 't');
  const kg = await unitId(t.db, 'kg');
  const m3 = await unitId(t.db, 'm3');

  // Industrial: 廃プラスチック類 at 15,001円/t and 金属くず at 33円/kg, manifest fee 300円.
  const p = await insertIndustrialProject(t.db);
  const plasticsLine = (await t.db.query.projectWasteLines.findFirst({
    where: eq(projectWasteLines.projectId, p.projectId),
  }))!.id;
  const metal = (await t.db.query.wastes.findFirst({
    where: and(eq(wastes.category, 'INDUSTRIAL'), eq(wastes.name, '金属くず')),
  }))!;
  const [metalLine] = await t.db
    .insert(projectWasteLines)
    .values({
      projectId: p.projectId,
      kind: 'INDUSTRIAL',
      wasteId: metal.id,
      wasteName: '金属くず',
      quantityUnit: 'kg',
      sortOrder: 1,
    })
    .returning({ id: projectWasteLines.id });
  await insertContract(
    p.projectId,
    [
      [plasticsLine, 15_001],
      [metalLine!.id, 33],
    ],
    300,
  );
  industrial = { projectId: p.projectId, plasticsLine, metalLine: metalLine!.id };
  const base = {
    projectId: p.projectId,
    dischargerCompanyId: green,
    transportCompanyId: toto,
    wasteId: p.wasteId,
    wasteLineId: plasticsLine,
    wasteName: '廃プラスチック類',
    collectTime: '2026-10-03',
    endDateTransport: '2026-10-03',
    transportVolumeUnitId: tonne,
    transporter: '佐藤',
    deadline: '2026-10-06',
  };
  await t.db.insert(transportReports).values([
    { ...base, transportVolume: '1.25', manifestNumber: '10000000001' },
    { ...base, transportVolume: '0.50', manifestNumber: '10000000002', endDateTransport: '2026-10-20' },
    // Awaiting the discharger, deleted, outside the month: not billed.
    { ...base, transportVolume: '2.00', status: 'ACCEPTANCE_OR_DENIAL', manifestNumber: '10000000009' },
    { ...base, transportVolume: '9.00', deletedAt: new Date() },
    { ...base, transportVolume: '4.00', endDateTransport: '2026-09-30' },
    { ...base, transportVolume: '4.00', endDateTransport: '2026-11-01' },
    // Reported in m3 while the contract prices per t: flagged, never converted.
    { ...base, transportVolume: '0.30', transportVolumeUnitId: m3, endDateTransport: '2026-10-05' },
    // No waste line on the report: found through the project's only line of the waste.
    {
      ...base,
      wasteLineId: null,
      wasteId: metal.id,
      wasteName: '金属くず',
      transportVolume: '12.35',
      transportVolumeUnitId: kg,
      manifestNumber: '10000000003',
      endDateTransport: '2026-10-31',
    },
  ]);

  // Regular: 可燃ごみ at 50円/kg.
  const combustible = (await t.db.query.wastes.findFirst({
    where: and(eq(wastes.category, 'REGULAR'), eq(wastes.name, '可燃ごみ')),
  }))!;
  const [rp] = await t.db
    .insert(projects)
    .values({
      title: '定期回収 本社',
      status: 'IN_PROGRESS',
      type: 'REGULAR',
      companyId: green,
      transportCompanyId: toto,
    })
    .returning({ id: projects.id });
  const [rline] = await t.db
    .insert(projectWasteLines)
    .values({ projectId: rp!.id, kind: 'REGULAR', wasteId: combustible.id, wasteName: '可燃ごみ' })
    .returning({ id: projectWasteLines.id });
  await insertContract(rp!.id, [[rline!.id, 50]]);
  await t.db.insert(regularReports).values({
    projectId: rp!.id,
    dischargerCompanyId: green,
    transportCompanyId: toto,
    wasteId: combustible.id,
    year: 2026,
    month: 10,
    volume: '123.45',
  });
  regular = { projectId: rp!.id, line: rline!.id };
});
afterAll(() => t.close());

/** The waste of the regular project's line, for more monthly reports. */
const regularWasteId = async () =>
  (await t.db.query.projectWasteLines.findFirst({ where: eq(projectWasteLines.id, regular.line) }))!.wasteId!;

const draftUrl = (projectId: number | string, month = MONTH) =>
  `/trans/qualified-invoices/draft?projectId=${projectId}&month=${month}`;
const draft = async (projectId: number, month = MONTH, who = TRANS) => {
  const res = await t.as(who).get(draftUrl(projectId, month));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QualifiedInvoiceDraft>();
};
const pdfBody = (projectId: number, lines: { key: string; quantity: string | number }[]) => ({
  projectId,
  month: MONTH,
  billingDate: '2026-10-31',
  dueDate: '2026-11-30',
  lines,
});

describe('GET /trans/qualified-invoices/draft', () => {
  it("bills the month's settled reports at the contract's prices, with the manifest fee and tax once per rate", async () => {
    const d = await draft(industrial.projectId);
    expect(d.issuer).toMatchObject({
      companyName: '東都環境サービス株式会社',
      registrationNumber: REGISTRATION_NUMBER,
    });
    expect(d.recipient).toEqual({ companyName: '株式会社グリーン商事' });
    expect(d).toMatchObject({ periodFrom: '2026-10-01', periodTo: '2026-10-31' });
    expect(d.lines).toEqual([
      {
        key: `waste-${industrial.plasticsLine}`,
        kind: 'WASTE',
        description: '廃プラスチック類',
        dateFrom: '2026-10-03',
        dateTo: '2026-10-20',
        quantity: '1.75',
        reportedQuantity: '1.75',
        unit: 't',
        unitPrice: 15_001,
        taxRate: 10,
        amount: 26_252, // 26,251.75 rounds half up
      },
      {
        key: `waste-${industrial.metalLine}`,
        kind: 'WASTE',
        description: '金属くず',
        dateFrom: '2026-10-31',
        dateTo: '2026-10-31',
        quantity: '12.35',
        reportedQuantity: '12.35',
        unit: 'kg',
        unitPrice: 33,
        taxRate: 10,
        amount: 408, // 407.55
      },
      {
        key: 'manifest-fee',
        kind: 'MANIFEST_FEE',
        description: 'マニフェスト利用料（電子）',
        dateFrom: '2026-10-03',
        dateTo: '2026-10-31',
        quantity: '3',
        reportedQuantity: '3',
        unit: '件',
        unitPrice: 300,
        taxRate: 10,
        amount: 900,
      },
    ]);
    // Tax per line would be 2,625 + 40 + 90 = 2,755; once for the invoice: 27,560 x 10 % = 2,756.
    expect(d.rates).toEqual([{ taxRate: 10, subtotal: 27_560, tax: 2756 }]);
    expect(d).toMatchObject({ subtotal: 27_560, tax: 2756, total: 30_316 });
    expect(d.flags).toEqual([
      {
        code: 'UNIT_MISMATCH',
        description: '廃プラスチック類',
        reportedUnit: 'm3',
        contractUnit: 't',
        quantity: '0.3',
        reportCount: 1,
      },
      { code: 'REPORTS_NOT_SETTLED', count: 1 },
    ]);
  });

  it("bills a regular project's monthly weights in kg over the whole month", async () => {
    const d = await draft(regular.projectId);
    expect(d.lines).toEqual([
      expect.objectContaining({
        key: `waste-${regular.line}`,
        description: '可燃ごみ',
        dateFrom: '2026-10-01',
        dateTo: '2026-10-31',
        quantity: '123.45',
        unit: 'kg',
        unitPrice: 50,
        amount: 6173,
      }),
    ]);
    expect(d).toMatchObject({ subtotal: 6173, tax: 617, total: 6790, flags: [] });
  });

  it('answers no lines and says so for a month without approved reports', async () => {
    const d = await draft(industrial.projectId, '2026-08');
    expect(d.lines).toEqual([]);
    expect(d).toMatchObject({ subtotal: 0, tax: 0, total: 0, flags: [{ code: 'NO_APPROVED_REPORTS' }] });
  });

  it("refuses another company's project (404), a discharger (403) and a project without an approved contract (409)", async () => {
    expect((await t.as(PLATFORM).get(draftUrl(industrial.projectId))).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(draftUrl(industrial.projectId))).json().code).toBe('project_not_found');
    expect((await t.as(DIS).get(draftUrl(industrial.projectId))).statusCode).toBe(403);
    expect((await t.anonymous.get(draftUrl(industrial.projectId))).statusCode).toBe(401);
    expect((await t.as(TRANS).get(draftUrl(2_147_483_647))).statusCode).toBe(404);
    const bare = await insertIndustrialProject(t.db);
    const res = await t.as(TRANS).get(draftUrl(bare.projectId));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invoice_contract_not_approved');
  });

  it('lets an admin acting as the transporter read it', async () => {
    const res = await t.as('admin').post(`/admin/companies/${toto}/auth-token?isTransport=true`);
    const token = res.json<{ token: string }>().token;
    const acting = await t.as({ token }).get(draftUrl(industrial.projectId));
    expect(acting.statusCode).toBe(200);
    expect(acting.json().total).toBe(30_316);
  });

  it.each([
    ['month', draftUrl(1, '2026-13'), 'invoice_month_invalid'],
    ['month', draftUrl(1, '2026-1'), 'invoice_month_invalid'],
    ['month', draftUrl(1, '2026-10%00'), null],
    ['projectId', draftUrl('0x7'), 'invalid_format'],
    ['projectId', draftUrl('99999999999'), 'invalid_format'],
    ['projectId', draftUrl('%ED%A0%80'), null],
  ])('refuses a bad %s: %s', async (_field, url, code) => {
    const res = await t.as(TRANS).get(url);
    expect(res.statusCode).toBe(400);
    if (code) expect(Object.values(res.json().fields ?? {})).toContain(code);
  });
});

describe('POST /trans/qualified-invoices/pdf', () => {
  it('renders every item a qualified invoice must show, with the totals recomputed by the server', async () => {
    const d = await draft(industrial.projectId);
    const res = await t.as(TRANS).post(
      '/trans/qualified-invoices/pdf',
      // Totals sent by a client are not part of the call and change nothing.
      {
        ...pdfBody(
          industrial.projectId,
          d.lines.map((l) => ({ key: l.key, quantity: l.quantity })),
        ),
        total: 1,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-invoice-total']).toBe('30316');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = await extractPdfText(res.rawPayload);
    for (const expected of [
      '請求書（適格請求書）',
      '株式会社グリーン商事御中',
      '東都環境サービス株式会社',
      `登録番号：${REGISTRATION_NUMBER}`,
      '取引期間：2026年10月1日〜2026年10月31日',
      '2026年10月3日〜2026年10月20日',
      '廃プラスチック類',
      '1.75',
      '15,001円',
      '26,252円',
      'マニフェスト利用料（電子）',
      '10%対象小計（税抜）',
      '27,560円',
      '10%対象消費税',
      '2,756円',
      '合計（税込）',
      '30,316円',
      '請求日：2026年10月31日',
      'お支払期限：2026年11月30日',
    ])
      expect(text).toContain(expected);
  });

  it('bills edited quantities, flags them against the reports, and leaves out lines not sent', async () => {
    const plastics = `waste-${industrial.plasticsLine}`;
    const generated = await generateQualifiedInvoicePdf(t.db, {
      transportCompanyId: toto,
      projectId: industrial.projectId,
      month: MONTH,
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      lines: [{ key: plastics, quantity: '2.005' }],
    });
    // 2.005 x 15,001 = 30,077.005 -> 30,077; tax 3,007.7 -> 3,007.
    expect(generated.amountTotal).toBe(30_077 + 3007);
    expect(generated.totals.rates).toEqual([{ taxRate: 10, subtotal: 30_077, tax: 3007 }]);
    expect(generated.flags.filter((f) => f.code === 'QUANTITY_DIFFERS')).toEqual([
      expect.objectContaining({ key: plastics, billed: '2.005', reported: '1.75', difference: '0.255' }),
      expect.objectContaining({ key: `waste-${industrial.metalLine}`, billed: null, reported: '12.35' }),
      expect.objectContaining({ key: 'manifest-fee', billed: null, reported: '3' }),
    ]);
    expect(generated.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same figures as the shared rule the screen uses.
    expect(
      computeQualifiedInvoice([
        { description: 'x', dateFrom: '2026-10-01', quantity: '2.005', unit: 't', unitPrice: 15_001 },
      ]).total,
    ).toBe(generated.amountTotal);
  });

  it.each([
    [
      'a quantity with 4 decimals',
      { lines: [{ key: 'manifest-fee', quantity: '1.0001' }] },
      'lines.0.quantity',
      'invalid_format',
    ],
    [
      'a negative quantity',
      { lines: [{ key: 'manifest-fee', quantity: -1 }] },
      'lines.0.quantity',
      'invalid_format',
    ],
    [
      'an exponent',
      { lines: [{ key: 'manifest-fee', quantity: '1e3' }] },
      'lines.0.quantity',
      'invalid_format',
    ],
    ['no line', { lines: [] }, 'lines', 'invoice_no_billable_lines'],
    [
      'a line twice',
      {
        lines: [
          { key: 'manifest-fee', quantity: 1 },
          { key: 'manifest-fee', quantity: 2 },
        ],
      },
      'lines.1.key',
      'invalid_format',
    ],
    [
      'an unknown line',
      { lines: [{ key: 'waste-999999', quantity: 1 }] },
      'lines.0.key',
      'invoice_line_unknown',
    ],
    ['an impossible date', { billingDate: '2026-02-30' }, 'billingDate', 'invalid_format'],
    [
      'a due date before the billing date',
      { dueDate: '2026-10-01' },
      'dueDate',
      'due_date_before_billing_date',
    ],
    ['a bad month', { month: '2026-00' }, 'month', 'invoice_month_invalid'],
    ['a huge project id', { projectId: 2 ** 40 }, 'projectId', 'invalid_format'],
  ])('refuses %s', async (_what, change, field, code) => {
    const res = await t.as(TRANS).post('/trans/qualified-invoices/pdf', {
      ...pdfBody(industrial.projectId, [{ key: 'manifest-fee', quantity: '3' }]),
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: code });
  });

  it('refuses NUL bytes and a body that is not JSON', async () => {
    const nul = await t
      .as(TRANS)
      .post(
        '/trans/qualified-invoices/pdf',
        pdfBody(industrial.projectId, [{ key: 'manifest-fee\u0000', quantity: '3' }]),
      );
    expect(nul.statusCode).toBe(400);
    const broken = await t.as(TRANS).post('/trans/qualified-invoices/pdf', '{"projectId":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
  });

  it("refuses another company's project with 404 and a discharger with 403", async () => {
    const body = pdfBody(industrial.projectId, [{ key: 'manifest-fee', quantity: '3' }]);
    expect((await t.as(PLATFORM).post('/trans/qualified-invoices/pdf', body)).statusCode).toBe(404);
    expect((await t.as(DIS).post('/trans/qualified-invoices/pdf', body)).statusCode).toBe(403);
  });

  it('asks for the registration number first: a flag in the draft, 409 for the PDF', async () => {
    await t.db.update(companies).set({ invoiceRegistrationNumber: null }).where(eq(companies.id, toto));
    try {
      const d = await draft(regular.projectId);
      expect(d.issuer.registrationNumber).toBeNull();
      expect(d.flags).toEqual([{ code: 'REGISTRATION_NUMBER_MISSING' }]);
      const res = await t
        .as(TRANS)
        .post(
          '/trans/qualified-invoices/pdf',
          pdfBody(regular.projectId, [{ key: `waste-${regular.line}`, quantity: '123.45' }]),
        );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('invoice_registration_number_missing');
    } finally {
      await t.db
        .update(companies)
        .set({ invoiceRegistrationNumber: REGISTRATION_NUMBER })
        .where(eq(companies.id, toto));
    }
  });

  it('lists both calls in the OpenAPI document', async () => {
    const paths = (await t.anonymous.get('/docs/json')).json().paths;
    expect(paths['/api/trans/qualified-invoices/draft'].get).toBeDefined();
    expect(paths['/api/trans/qualified-invoices/pdf'].post).toBeDefined();
  });
});

describe('POST /trans/qualified-invoices (register the generated invoice)', () => {
  /** The transporter's last 請求書番号 taken: a refused registration must not move it. */
  const lastNumber = async () =>
    (await t.db.select().from(companies).where(eq(companies.id, toto)))[0]!.lastInvoiceNumber;

  it('registers an UNCLAIMED invoice whose file is the generated PDF and whose amount is its total', async () => {
    const d = await draft(industrial.projectId);
    const body = pdfBody(
      industrial.projectId,
      d.lines.map((l) => ({ key: l.key, quantity: l.quantity })),
    );
    const res = await t.as(TRANS).post('/trans/qualified-invoices', { ...body, amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ id: number; status: string; amount: number }>();
    expect(created).toMatchObject({ status: 'UNCLAIMED', amount: 30_316 });
    const detail = (await t.as(TRANS).get(`/trans/invoices/${created.id}`)).json();
    expect(detail.files).toHaveLength(1);
    expect(detail.files[0].fileName).toMatch(/\.pdf$/);
    const file = await t.as(TRANS).get(`/trans/invoices/${created.id}/files/${detail.files[0].id}`);
    expect(await extractPdfText(file.rawPayload)).toContain('30,316円');
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, created.id));
    expect(row!.source).toBe('GENERATED');
  });

  it('bills a month once: the draft says so, a second register is 409, also after a correction and in a race', async () => {
    // The regular project: no other test registers it.
    const lines = (await draft(regular.projectId)).lines.map((l) => ({ key: l.key, quantity: l.quantity }));
    const body = pdfBody(regular.projectId, lines);
    const [a, b] = await Promise.all([
      t.as(TRANS).post('/trans/qualified-invoices', body),
      t.as(TRANS).post('/trans/qualified-invoices', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const first = [a, b].find((r) => r.statusCode === 200)!.json<{ id: number; invoiceNumber: number }>();
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('invoice_month_already_billed');
    expect((await draft(regular.projectId)).flags).toContainEqual({
      code: 'MONTH_ALREADY_BILLED',
      invoiceId: first.id,
      invoiceNumber: first.invoiceNumber,
      source: 'GENERATED',
    });
    // Another month of the same project is still free.
    expect((await draft(regular.projectId, '2026-09')).flags.map((f) => f.code)).not.toContain(
      'MONTH_ALREADY_BILLED',
    );

    // A correction keeps the month billed, by the new version.
    const detail = (await t.as(TRANS).get(`/trans/invoices/${first.id}`)).json<{ files: { id: number }[] }>();
    expect(detail.files).toHaveLength(1);
    const data = JSON.stringify({
      billingDate: '2026-10-31',
      dueDate: '2026-12-31',
      lines: [{ key: `waste-${regular.line}`, quantity: '100', unitPrice: 50 }],
    });
    const correction = multipartForm({ data });
    const corrected = await t
      .as(TRANS)
      .post(`/trans/invoices/${first.id}/corrections`, correction.payload, correction.headers);
    expect(corrected.statusCode, corrected.body).toBe(200);
    const newId = corrected.json<{ id: number }>().id;
    expect(newId).not.toBe(first.id);
    expect((await draft(regular.projectId)).flags).toContainEqual({
      code: 'MONTH_ALREADY_BILLED',
      invoiceId: newId,
      invoiceNumber: first.invoiceNumber,
      source: 'GENERATED',
    });
    // Refused, not a warning: confirming does not let the same reports be billed twice, and no number is spent.
    const numberBefore = await lastNumber();
    const again = await t
      .as(TRANS)
      .post('/trans/qualified-invoices', { ...body, confirmedBilledMonths: [MONTH] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice_month_already_billed');
    expect(await lastNumber()).toBe(numberBefore);
    const rows = await t.db.select().from(invoices).where(eq(invoices.projectId, regular.projectId));
    expect(rows.map((r) => [r.billedMonth, r.supersededAt === null]).sort()).toEqual([
      [MONTH, false],
      [MONTH, true],
    ]);
  });

  it('warns of a month an uploaded invoice bills, in every direction with the generated one; confirmed, it registers', async () => {
    const combustible = (await t.db.query.projectWasteLines.findFirst({
      where: eq(projectWasteLines.id, regular.line),
    }))!;
    const monthly = (month: string) =>
      t.db.insert(regularReports).values({
        projectId: regular.projectId,
        dischargerCompanyId: green,
        transportCompanyId: toto,
        wasteId: combustible.wasteId!,
        year: Number(month.slice(0, 4)),
        month: Number(month.slice(5, 7)),
        volume: '10',
      });
    const generated = async (month: string, confirmed?: string[]) => {
      const d = await draft(regular.projectId, month);
      return t.as(TRANS).post('/trans/qualified-invoices', {
        ...pdfBody(
          regular.projectId,
          d.lines.map((l) => ({ key: l.key, quantity: l.quantity })),
        ),
        month,
        confirmedBilledMonths: confirmed,
      });
    };
    const uploaded = (month: string, confirmed?: string[]) => {
      const body = multipartForm(
        {
          data: JSON.stringify({
            projectId: regular.projectId,
            invoices: [{ billedMonth: month, billingDate: '2026-10-31', dueDate: '2026-11-30', amount: 550 }],
            confirmedBilledMonths: confirmed,
          }),
        },
        [{ field: 'files.0', name: '請求書.pdf', content: samplePdf() }],
      );
      return t.as(TRANS).post('/trans/invoices', body.payload, body.headers);
    };
    const flagsOf = async (month: string) =>
      (await draft(regular.projectId, month)).flags.filter((f) => f.code === 'MONTH_ALREADY_BILLED');

    // Generated after uploaded: the draft warns, registering waits for the confirmation.
    await monthly('2026-07');
    const upload = await uploaded('2026-07');
    expect(upload.statusCode, upload.body).toBe(200);
    const { id: uploadId, invoiceNumber: uploadNumber } = upload.json()[0];
    expect(await flagsOf('2026-07')).toEqual([
      { code: 'MONTH_ALREADY_BILLED', invoiceId: uploadId, invoiceNumber: uploadNumber, source: 'UPLOAD' },
    ]);
    // Unconfirmed, it is answered before the number is taken: the warning names the invoice by its number.
    const numberBefore = await lastNumber();
    const unconfirmed = await generated('2026-07');
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      code: 'invoice_month_billed_unconfirmed',
      details: {
        conflicts: [
          { billedMonth: '2026-07', isRefused: false, billedBy: [{ invoiceNumber: uploadNumber }] },
        ],
      },
    });
    expect(await lastNumber()).toBe(numberBefore);
    const confirmed = await generated('2026-07', ['2026-07']);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().invoiceNumber).toBe(numberBefore + 1);

    // Uploaded after generated (and after uploaded): a warning naming both, confirmed it registers.
    const third = await uploaded('2026-07');
    expect(third.statusCode).toBe(409);
    expect(await lastNumber()).toBe(numberBefore + 1);
    expect(third.json().details.conflicts[0].billedBy.map((b: { source: string }) => b.source)).toEqual([
      'UPLOAD',
      'GENERATED',
    ]);
    expect((await uploaded('2026-07', ['2026-07'])).statusCode).toBe(200);

    // Uploaded after generated alone.
    await monthly('2026-06');
    expect((await generated('2026-06')).statusCode).toBe(200);
    const afterGenerated = await uploaded('2026-06');
    expect(afterGenerated.statusCode).toBe(409);
    expect(afterGenerated.json().code).toBe('invoice_month_billed_unconfirmed');
    expect(afterGenerated.json().details.conflicts[0].billedBy).toMatchObject([{ source: 'GENERATED' }]);
    // Generated after generated stays refused, confirmed or not.
    expect((await generated('2026-06', ['2026-06'])).json().code).toBe('invoice_month_already_billed');
  });

  it('refuses a month or dates out of their bounds on their fields, before a PDF or a number is made', async () => {
    const before = await t.db.select().from(invoices);
    const numberBefore = await lastNumber();
    const body = pdfBody(industrial.projectId, [{ key: `waste-${industrial.plasticsLine}`, quantity: '1' }]);
    for (const [over, field, code] of [
      [{ month: '2062-10' }, 'month', 'invoice_month_too_far'],
      [
        { billingDate: '2062-10-31', dueDate: '2062-11-30' },
        'billingDate',
        'invoice_billing_date_out_of_range',
      ],
      [
        { billingDate: '1926-10-31', dueDate: '1926-11-30' },
        'billingDate',
        'invoice_billing_date_out_of_range',
      ],
      [{ dueDate: '9999-11-30' }, 'dueDate', 'invoice_due_date_too_far'],
    ] as const) {
      for (const path of ['/trans/qualified-invoices', '/trans/qualified-invoices/pdf']) {
        const res = await t.as(TRANS).post(path, { ...body, ...over });
        expect(res.statusCode, `${path} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      }
    }
    expect(await lastNumber()).toBe(numberBefore);
    expect(await t.db.select().from(invoices)).toHaveLength(before.length);
  });

  it('keeps another transporter and a discharger out, and leaves nothing stored', async () => {
    const before = await t.db.select().from(invoices);
    const body = pdfBody(industrial.projectId, [{ key: `waste-${industrial.plasticsLine}`, quantity: '1' }]);
    expect((await t.as(PLATFORM).post('/trans/qualified-invoices', body)).statusCode).toBe(404);
    expect((await t.as(DIS).post('/trans/qualified-invoices', body)).statusCode).toBe(403);
    expect(await t.db.select().from(invoices)).toHaveLength(before.length);
  });
});

describe('correcting a generated invoice', () => {
  const SEPTEMBER = '2026-09';
  const corrections = (id: number, data: object) => {
    const { payload, headers } = multipartForm({ data: JSON.stringify(data) });
    return t.as(TRANS).post(`/trans/invoices/${id}/corrections`, payload, headers);
  };
  interface Detail {
    id: number;
    invoiceNumber: number;
    version: number;
    amount: number;
    source: string;
    files: { id: number }[];
    lines: { key: string; quantity: string; unitPrice: number; amount: number }[] | null;
  }
  const detailOf = async (id: number) => (await t.as(TRANS).get(`/trans/invoices/${id}`)).json<Detail>();
  const pdfTextOf = async (d: Detail) =>
    extractPdfText((await t.as(TRANS).get(`/trans/invoices/${d.id}/files/${d.files[0]!.id}`)).rawPayload);

  let first: Detail;
  beforeAll(async () => {
    // September of the regular project: 80 kg at 50円 = 4,000円 + 400円 tax.
    await t.db.insert(regularReports).values({
      projectId: regular.projectId,
      dischargerCompanyId: green,
      transportCompanyId: toto,
      wasteId: await regularWasteId(),
      year: 2026,
      month: 9,
      volume: '80',
    });
    const res = await t.as(TRANS).post('/trans/qualified-invoices', {
      ...pdfBody(regular.projectId, [{ key: `waste-${regular.line}`, quantity: '80' }]),
      month: SEPTEMBER,
    });
    expect(res.statusCode, res.body).toBe(200);
    first = await detailOf(res.json<{ id: number }>().id);
  });

  it('keeps the lines it printed and prints its number', async () => {
    expect(first).toMatchObject({ amount: 4400, source: 'GENERATED', version: 1 });
    expect(first.lines).toEqual([
      expect.objectContaining({ key: `waste-${regular.line}`, quantity: '80', unitPrice: 50, amount: 4000 }),
    ]);
    const text = await pdfTextOf(first);
    expect(text).toContain(`請求書番号：${formatInvoiceNumber(first.invoiceNumber)}`);
    expect(text).toContain('4,400円');
  });

  it('refuses an amount-only correction (and other files), next to the amount; nothing changes', async () => {
    const before = await t.db.select().from(invoices).where(eq(invoices.rootId, first.id));
    const res = await corrections(first.id, {
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      amount: 4000,
      keepFileIds: [first.files[0]!.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invoice_generated_correct_lines',
      fields: { amount: 'invoice_generated_correct_lines', keepFileIds: 'invoice_generated_correct_lines' },
    });
    const withLines = await corrections(first.id, {
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      amount: 4000,
      lines: [{ key: `waste-${regular.line}`, quantity: '70', unitPrice: 50 }],
    });
    expect(withLines.json().fields).toEqual({ amount: 'invoice_generated_correct_lines' });
    const unknown = await corrections(first.id, {
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      lines: [{ key: 'waste-999999', quantity: '70', unitPrice: 50 }],
    });
    expect(unknown.json().fields).toEqual({ 'lines.0.key': 'invoice_line_unknown' });
    const line = { key: `waste-${regular.line}`, quantity: '70', unitPrice: 50 };
    const mistyped = await corrections(first.id, {
      billingDate: '2062-10-31',
      dueDate: '2062-11-30',
      lines: [line],
    });
    expect(mistyped.json()).toMatchObject({
      code: 'invoice_billing_date_out_of_range',
      fields: { billingDate: 'invoice_billing_date_out_of_range' },
    });
    const late = await corrections(first.id, {
      billingDate: '2026-10-31',
      dueDate: '9999-12-31',
      lines: [line],
    });
    expect(late.json().fields).toEqual({ dueDate: 'invoice_due_date_too_far' });
    expect(await t.db.select().from(invoices).where(eq(invoices.rootId, first.id))).toEqual(before);
  });

  it('makes the PDF again from the corrected lines: the new amount, the same number, the next version', async () => {
    const res = await corrections(first.id, {
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      // 75.5 kg at 48円 = 3,624円, tax 362円: 3,986円.
      lines: [{ key: `waste-${regular.line}`, quantity: '75.5', unitPrice: 48 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const v2 = res.json<Detail>();
    expect(v2).toMatchObject({
      version: 2,
      amount: 3986,
      source: 'GENERATED',
      invoiceNumber: first.invoiceNumber,
    });
    expect(v2.lines).toEqual([
      expect.objectContaining({ quantity: '75.5', unitPrice: 48, amount: 3624, reportedQuantity: '80' }),
    ]);
    expect(v2.files).toHaveLength(1);
    expect(v2.files[0]!.id).not.toBe(first.files[0]!.id);
    const text = await pdfTextOf(v2);
    expect(text).toContain('3,986円');
    expect(text).toContain('75.5');
    expect(text).not.toContain('4,400円');
    expect(text).toContain(`請求書番号：${formatInvoiceNumber(first.invoiceNumber, 2)}`);
    expect(text).toContain(`請求書番号${formatInvoiceNumber(first.invoiceNumber)}の訂正版（第2版）`);
    expect(text).toContain('お支払期限：2026年11月30日');
    // The first version keeps its own PDF.
    expect(await pdfTextOf(first)).toContain('4,400円');
  });
});

describe('振込先 on bank-transfer invoices', () => {
  const AUGUST = '2026-08';
  const accountsOf = async () => (await t.as(TRANS).get('/trans/bank-accounts')).json().accounts;

  it("prints the transporter's accounts, keeps them with the invoice and shows them to the discharger", async () => {
    await t.db.insert(regularReports).values({
      projectId: regular.projectId,
      dischargerCompanyId: green,
      transportCompanyId: toto,
      wasteId: await regularWasteId(),
      year: 2026,
      month: 8,
      volume: '10',
    });
    const res = await t.as(TRANS).post('/trans/qualified-invoices', {
      ...pdfBody(regular.projectId, [{ key: `waste-${regular.line}`, quantity: '10' }]),
      month: AUGUST,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    const detail = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json();
    const file = await t.as(TRANS).get(`/trans/invoices/${id}/files/${detail.files[0].id}`);
    const text = await extractPdfText(file.rawPayload);
    for (const expected of [
      'お振込先',
      'みずほ（0001）',
      '東京営業部（001）',
      '普通',
      '1234567',
      'ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ',
    ])
      expect(text).toContain(expected);

    const saved = await accountsOf();
    expect(detail.payeeAccounts).toEqual(saved);
    expect((await t.as(TRANS).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);
    // The company's accounts change later: the invoice keeps what it printed.
    await t.as(TRANS).put('/trans/bank-accounts', { accounts: [] });
    try {
      expect((await t.as(DIS).get(`/invoices/${id}`)).json().payeeAccounts).toEqual(saved);
      // Without an account a bank-transfer invoice cannot be generated: the draft says so, the PDF is refused.
      expect((await draft(regular.projectId, AUGUST)).flags).toContainEqual({ code: 'BANK_ACCOUNT_MISSING' });
      const refused = await t.as(TRANS).post('/trans/qualified-invoices/pdf', {
        ...pdfBody(regular.projectId, [{ key: `waste-${regular.line}`, quantity: '10' }]),
        month: AUGUST,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('invoice_bank_account_missing');
    } finally {
      await t.as(TRANS).put('/trans/bank-accounts', {
        accounts: saved.map((a: Record<string, string>) => ({
          bankCode: a.bankCode,
          branchCode: a.branchCode,
          accountType: a.accountType,
          accountNumber: a.accountNumber,
          holderName: a.holderName,
        })),
      });
    }
  });

  it('prints no 振込先 on a card invoice, and does not ask for an account', async () => {
    await t.db
      .update(contracts)
      .set({ paymentMethod: 'CREDIT_CARD' })
      .where(eq(contracts.projectId, industrial.projectId));
    await t.as(TRANS).put('/trans/bank-accounts', { accounts: [] });
    try {
      expect((await draft(industrial.projectId)).flags.map((f) => f.code)).not.toContain(
        'BANK_ACCOUNT_MISSING',
      );
      const res = await t
        .as(TRANS)
        .post(
          '/trans/qualified-invoices/pdf',
          pdfBody(industrial.projectId, [{ key: 'manifest-fee', quantity: '3' }]),
        );
      expect(res.statusCode, res.body).toBe(200);
      expect(await extractPdfText(res.rawPayload)).not.toContain('お振込先');
    } finally {
      await t.db
        .update(contracts)
        .set({ paymentMethod: 'PAYMENT_INVOICE' })
        .where(eq(contracts.projectId, industrial.projectId));
      await t.as(TRANS).put('/trans/bank-accounts', {
        accounts: [
          {
            bankCode: '0001',
            branchCode: '001',
            accountType: 'ORDINARY',
            accountNumber: '1234567',
            holderName: 'ﾄｳﾄｶﾝｷﾖｳｻ-ﾋﾞｽ(ｶ',
          },
        ],
      });
    }
  });
});
