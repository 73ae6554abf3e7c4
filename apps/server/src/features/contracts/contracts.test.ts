import { addMonths, nextDay } from '@junkan/shared/contract-rules';
import { formatDateWithEra } from '@junkan/shared/japanese-era';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServedArea } from '../../../test/fixtures/collection-areas';
import { ADMIN, companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { coverInTokyo, registerPermit } from '../../../test/fixtures/permits';
import { samplePdf } from '../../../test/fixtures/upload-files';
import { extractPdfText } from '../../../test/pdf-text';
import { mailBody, mailText } from '../../../test/smtp-sink';
import { type Caller, createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, contracts, dischargeSites, wastes } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { advanceContracts } from './contract-calendar';

let t: TestContext;

let f: {
  ginza: number;
  regular: number[];
  industrial: number;
  unit: number;
  plastics: number;
  sludge: number;
  /** 東都's 東京都 collection-and-transport permit, valid from 2000 for as long as a permit may run. */
  permit: { id: number; licenseNumber: string; expiryDate: string };
};
const today = () => tokyoDate(new Date());
const tomorrow = () => nextDay(tokyoDate(new Date()));

beforeAll(async () => {
  t = await createTestApp();
  const greenId = await companyId(t.db, '株式会社グリーン商事');
  const totoId = await companyId(t.db, '東都環境サービス株式会社');
  const sites = await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, greenId));
  const regular = await t.db.select().from(wastes).where(eq(wastes.category, 'REGULAR'));
  const industrial = await t.db.query.wastes.findFirst({ where: eq(wastes.category, 'INDUSTRIAL') });
  const unit = await t.db.query.unitMeasures.findFirst();
  const major = async (name: string) =>
    (await t.db.query.wastes.findFirst({ where: and(eq(wastes.name, name), eq(wastes.level, 1)) }))!.id;
  const plastics = await major('廃プラスチック類');
  const sludge = await major('汚泥');
  f = {
    ginza: sites.find((s) => s.name === '銀座店')!.id,
    regular: regular.map((w) => w.id),
    industrial: industrial!.id,
    unit: unit!.id,
    plastics,
    sludge,
    permit: await registerPermit(t, TRANS, { wasteKindIds: [plastics, sludge] }),
  };
  // 東都 serves 銀座 (104-0061) for both kinds of waste, with permits covering its industrial waste.
  await coverInTokyo(t.db, totoId);
  for (const type of ['REGULAR', 'INDUSTRIAL'] as const)
    await insertServedArea(t.db, {
      transportCompanyId: totoId,
      type,
      areaName: `中央区 ${type}`,
      posCode: '1040061',
    });
});
afterAll(() => t.close());

/**
 * A project of the demo discharger whose quote from 東都 was accepted (CREATING_CONTRACT); `quoteUnitId`: the unit
 * the quote prices its lines in (else the line's).
 */
async function acceptedProject(type: 'REGULAR' | 'INDUSTRIAL' = 'REGULAR', quoteUnitId?: number) {
  const lines =
    type === 'REGULAR'
      ? [
          {
            wasteId: f.regular[0],
            monthlyCapacity: '120',
            bags: { '45': 2 },
            collectionCount: 2,
            weekdays: [1, 4],
          },
          { wasteId: f.regular[1], bags: { '70': 1 }, collectionCount: 1, weekdays: [3] },
        ]
      : [
          {
            wasteId: f.industrial,
            quantity: '2.5',
            unitMeasureId: f.unit,
            frequency: 'MONTHLY',
            frequencyNumber: 1,
          },
        ];
  const created = await t.as(DIS).post('/projects', {
    type,
    projectTitle: `契約テスト ${type}`,
    dischargeSiteIds: [f.ginza],
    lines,
  });
  expect(created.statusCode).toBe(200);
  const project = created.json() as {
    id: number;
    pwasteRegulars: { id: number }[];
    pwasteIndustries: { id: number }[];
  };
  const lineIds = [...project.pwasteRegulars, ...project.pwasteIndustries].map((l) => l.id);
  expect((await t.as(DIS).post(`/projects/${project.id}/request-quote`)).statusCode).toBe(200);
  const quoted = await t.as(TRANS).post(`/trans/projects/${project.id}/quotes`, {
    lines: lineIds.map((wasteLineId, i) => ({
      wasteLineId,
      unitPrice: 1000 + i * 500,
      quantity: '2',
      ...(quoteUnitId ? { unitMeasureId: quoteUnitId } : {}),
    })),
  });
  expect(quoted.statusCode).toBe(200);
  expect((await t.as(DIS).post(`/projects/${project.id}/accept-quote`)).statusCode).toBe(200);
  return { id: project.id, lineIds };
}

const contractBody = (lineIds: number[], over: Record<string, unknown> = {}) => ({
  contractName: '一般廃棄物 定期回収契約',
  startDate: tomorrow(),
  endDate: '2099-12-31',
  contractType: 'AUTO_UPDATE',
  paymentMethod: 'PAYMENT_INVOICE',
  unitPrices: lineIds.map((wasteLineId) => ({ wasteLineId, unitPrice: 1500 })),
  manifestFee: 0,
  preparationFee: 3000,
  contactPerson: '佐藤 次郎',
  permitId: f.permit.id,
  ...over,
});

const detail = async (id: number, email: string) => (await t.as(email).get(`/projects/${id}`)).json();

describe('contract draft', () => {
  it('starts from the accepted quote and the company contact, for the transporter only', async () => {
    const p = await acceptedProject();
    const res = await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`);
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft.status).toBeNull();
    expect(draft.contractType).toBe('AUTO_UPDATE');
    expect(draft.paymentMethod).toBe('PAYMENT_INVOICE');
    expect(draft.startDate > today()).toBe(true);
    expect(draft.unitPrices.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([1000, 1500]);
    expect(draft.contactPerson).not.toBe('');

    expect((await t.as(DIS).get(`/trans/projects/${p.id}/contract-draft`)).statusCode).toBe(403);
    // Another transporter: the project is not its business, and nothing of it is shown.
    const other = await t.as(PLATFORM).get(`/trans/projects/${p.id}/contract-draft`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('契約テスト');
  });

  it('is saved by the transporter and hidden from the discharger until sent', async () => {
    const p = await acceptedProject();
    const saved = await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().contract).toMatchObject({
      status: 'DRAFT',
      contractForm: 'COMBINED',
      preparationFee: 3000,
    });
    expect(saved.json().projectStatus).toBe('CREATING_CONTRACT');
    expect((await detail(p.id, DIS)).contract).toBeNull();
    const list = (await t.as(DIS).get('/contracts')).json() as { projectId: number }[];
    expect(list.some((c) => c.projectId === p.id)).toBe(false);
    const transList = (await t.as(TRANS).get('/trans/contracts')).json() as { projectId: number }[];
    expect(transList.some((c) => c.projectId === p.id)).toBe(true);
    // The draft call now answers the saved values.
    const draft = (await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`)).json();
    expect(draft).toMatchObject({
      status: 'DRAFT',
      contractName: '一般廃棄物 定期回収契約',
      preparationFee: 3000,
    });
  });

  it('refuses bad fields with their codes, the wrong role and another company', async () => {
    const p = await acceptedProject();
    const put = (body: unknown, email = TRANS) => t.as(email).put(`/trans/projects/${p.id}/contract`, body);
    const bad = async (over: Record<string, unknown>, field: string, code: string, status = 400) => {
      const res = await put(contractBody(p.lineIds, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().fields?.[field]).toBe(code);
    };
    await bad({ contractName: '' }, 'contractName', 'MSG_00_21');
    await bad({ endDate: '2020-01-01' }, 'endDate', 'invalid_period');
    await bad({ startDate: '2026/12/01' }, 'startDate', 'invalid_format');
    await bad({ permitId: undefined }, 'permitId', 'MSG_00_21');
    await bad({ contactPerson: 'あ'.repeat(17) }, 'contactPerson', 'max_length_exceeded');
    await bad({ unitPrices: [{ wasteLineId: p.lineIds[0], unitPrice: 1 }] }, 'unitPrices', 'MSG_00_21');
    await bad(
      {
        unitPrices: [
          { wasteLineId: 999999, unitPrice: 1 },
          { wasteLineId: p.lineIds[1], unitPrice: 1 },
        ],
      },
      'unitPrices.0.wasteLineId',
      'not_found',
      404,
    );
    expect((await put(contractBody(p.lineIds), DIS)).statusCode).toBe(403);
    const other = await put(contractBody(p.lineIds), PLATFORM);
    expect(other.statusCode).toBe(404);
    expect(await t.db.select().from(contracts).where(eq(contracts.projectId, p.id))).toEqual([]);
  });

  it('cannot be written before the quote is accepted', async () => {
    const created = await t.as(DIS).post('/projects', {
      type: 'REGULAR',
      projectTitle: '未承認',
      dischargeSiteIds: [f.ginza],
      lines: [{ wasteId: f.regular[0], bags: { '45': 1 }, collectionCount: 1, weekdays: [2] }],
    });
    const id = created.json().id as number;
    const lineId = created.json().pwasteRegulars[0].id as number;
    await t.as(DIS).post(`/projects/${id}/request-quote`);
    await t.as(TRANS).post(`/trans/projects/${id}/quotes`, {
      lines: [{ wasteLineId: lineId, unitPrice: 100, quantity: '1' }],
    });
    const res = await t.as(TRANS).put(`/trans/projects/${id}/contract`, contractBody([lineId]));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_status_transition');
  });
});

describe('the contract flow', () => {
  it('sends, returns with a reason, is corrected and re-sent, approved, and starts on its start date', async () => {
    const p = await acceptedProject();
    await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));

    // A period that started yesterday cannot be sent.
    const yesterdayStart = await t
      .as(TRANS)
      .put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds, { startDate: '2020-01-01' }));
    expect(yesterdayStart.statusCode).toBe(200);
    const past = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`);
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ startDate: 'date_in_past' });
    await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));

    // Accepting the quote again is no way around the contract.
    expect((await t.as(DIS).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(409);
    // The discharger cannot answer a contract that was not sent.
    expect((await t.as(DIS).post(`/projects/${p.id}/contract/approve`)).statusCode).toBe(409);

    const before = t.smtp.mails.length;
    const sent = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().projectStatus).toBe('REQUEST_CONTRACT');
    expect(sent.json().contract.status).toBe('REQUESTED');
    expect(sent.json().contract.file.regular).toMatchObject({ mimeType: 'application/pdf' });
    expect(sent.json().contract.file.combine).toBeNull();
    const mail = t.smtp.mails.slice(before).find((m) => m.to.includes(DIS));
    expect(mail && mailText(mail.raw)).toContain(`/sys/contract-confirm/${p.id}`);

    // Both parties download the document; nobody else does.
    for (const email of [DIS, TRANS]) {
      const pdf = await t.as(email).get(`/projects/${p.id}/contract/files/regular`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await t.as(DIS2).get(`/projects/${p.id}/contract/files/regular`)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(`/projects/${p.id}/contract/files/regular`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/projects/${p.id}/contract/files/combine`)).statusCode).toBe(404);
    // A sent contract is answered by return or approval only, not by answering the quote again.
    expect((await t.as(DIS).post(`/projects/${p.id}/accept-quote`)).statusCode).toBe(409);
    // While the discharger looks at it, the transporter cannot change it.
    expect(
      (await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds))).statusCode,
    ).toBe(409);

    // Return: a reason is required; only the discharger returns.
    const noReason = await t.as(DIS).post(`/projects/${p.id}/contract/return`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'MSG_00_21' });
    expect((await t.as(TRANS).post(`/projects/${p.id}/contract/return`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    expect((await t.as(DIS2).post(`/projects/${p.id}/contract/return`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    const mailsBeforeReturn = t.smtp.mails.length;
    const returned = await t.as(DIS).post(`/projects/${p.id}/contract/return`, {
      reason: '単価を見直してください',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().projectStatus).toBe('CREATING_CONTRACT');
    expect(returned.json().contract).toMatchObject({
      status: 'RETURNED',
      returnReason: '単価を見直してください',
    });
    expect(returned.json().history.at(-1)).toMatchObject({
      fromStatus: 'REQUEST_CONTRACT',
      toStatus: 'CREATING_CONTRACT',
      reason: '単価を見直してください',
    });
    const returnMail = t.smtp.mails.slice(mailsBeforeReturn).find((m) => m.to.includes(TRANS));
    expect(returnMail && mailText(returnMail.raw)).toContain(`/sys/contract-create/${p.id}`);
    expect((await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`)).json().returnReason).toBe(
      '単価を見直してください',
    );

    // Corrected and sent again.
    const corrected = await t.as(TRANS).put(
      `/trans/projects/${p.id}/contract`,
      contractBody(p.lineIds, {
        unitPrices: p.lineIds.map((wasteLineId) => ({ wasteLineId, unitPrice: 1300 })),
      }),
    );
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().contract.status).toBe('RETURNED');
    // The returned send's document printed the old prices: once the contract changes it is no one's to read.
    expect(corrected.json().contract.file.regular).toBeNull();
    for (const email of [DIS, TRANS])
      expect((await t.as(email).get(`/projects/${p.id}/contract/files/regular`)).statusCode).toBe(404);
    const resent = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`);
    expect(resent.statusCode).toBe(200);
    const document = await t.as(DIS).get(`/projects/${p.id}/contract/files/regular`);
    expect(await extractPdfText(document.rawPayload)).toContain('1,300円');
    expect(resent.json().contract).toMatchObject({ status: 'REQUESTED', returnReason: null });
    expect(resent.json().contract.unitPrices.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([
      1300, 1300,
    ]);

    // Approved before the start date: contract complete, then in progress when the date comes.
    const approved = await t.as(DIS).post(`/projects/${p.id}/contract/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().projectStatus).toBe('COMPLETE_CONTRACT');
    expect(approved.json().contract.status).toBe('APPROVED');
    expect((await t.as(DIS).post(`/projects/${p.id}/contract/approve`)).statusCode).toBe(409);

    await advanceContracts(t.db, today());
    expect((await detail(p.id, DIS)).projectStatus).toBe('COMPLETE_CONTRACT');
    const run = await advanceContracts(t.db, tomorrow());
    expect(run.started).toBeGreaterThanOrEqual(1);
    const started = await detail(p.id, TRANS);
    expect(started.projectStatus).toBe('IN_PROGRESS');
    expect(started.history.at(-1)).toMatchObject({
      fromStatus: 'COMPLETE_CONTRACT',
      toStatus: 'IN_PROGRESS',
    });

    const list = (await t.as(DIS).get('/contracts')).json() as { projectId: number }[];
    expect(list.find((c) => c.projectId === p.id)).toMatchObject({
      status: 'APPROVED',
      projectStatus: 'IN_PROGRESS',
      fileKinds: ['regular'],
      counterpart: { name: '東都環境サービス株式会社' },
    });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'contract'));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['contract.create', 'contract.send', 'contract.return', 'contract.approve']),
    );
  });

  it('is in progress at once when approved on or after its start date', async () => {
    const p = await acceptedProject();
    await t
      .as(TRANS)
      .put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds, { startDate: today() }));
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const approved = await t.as(DIS).post(`/projects/${p.id}/contract/approve`);
    expect(approved.json().projectStatus).toBe('IN_PROGRESS');
  });

  // One document for a combined one: combined-prices.test.ts (it needs price lists).
  it('makes two documents for separate industrial contracts', async () => {
    const p = await acceptedProject('INDUSTRIAL');
    await t
      .as(TRANS)
      .put(
        `/trans/projects/${p.id}/contract`,
        contractBody(p.lineIds, { contractForm: 'SEPARATE', manifestFee: 500 }),
      );
    const sent = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`);
    expect(sent.statusCode).toBe(200);
    const file = sent.json().contract.file;
    expect([file.collection, file.disposal].every((a: unknown) => a !== null)).toBe(true);
    expect([file.combine, file.regular]).toEqual([null, null]);
    expect(sent.json().contract.manifestFee).toBe(500);
  });

  it('ignores the industrial form and manifest fee for municipal waste', async () => {
    const p = await acceptedProject();
    const saved = await t
      .as(TRANS)
      .put(
        `/trans/projects/${p.id}/contract`,
        contractBody(p.lineIds, { contractForm: 'SEPARATE', manifestFee: 500 }),
      );
    expect(saved.json().contract).toMatchObject({ contractForm: 'COMBINED', manifestFee: 0 });
  });

  it('cancels the contract with its project and mails the discharger', async () => {
    const p = await acceptedProject();
    await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));
    const before = t.smtp.mails.length;
    const cancelled = await t.as(TRANS).post(`/projects/${p.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().contract.status).toBe('CANCELLED');
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([DIS]);
    expect(mailBody(sent[0]!.raw)).toContain('収集運搬業者が案件を取り消しました');
    expect(
      (await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds))).statusCode,
    ).toBe(409);
  });
});

describe('cancelling a contract in the making mails the other side', () => {
  it('the transporter cancels a contract awaiting confirmation: the discharger hears of it', async () => {
    const p = await acceptedProject();
    await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const before = t.smtp.mails.length;
    const res = await t.as(TRANS).post(`/projects/${p.id}/cancel`, {
      reason: '車両の手配ができません',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().projectStatus).toBe('CANCEL');
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([DIS]);
    const body = mailBody(sent[0]!.raw);
    expect(body).toContain('案件名: 契約テスト REGULAR');
    expect(body).toContain('理由: 車両の手配ができません');
    expect(body).toContain(`/sys/project-managment/detail/${p.id}`);
  });

  it('the discharger cancels a contract awaiting confirmation: the transporter hears of it', async () => {
    const p = await acceptedProject();
    await t.as(TRANS).put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds));
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const before = t.smtp.mails.length;
    expect((await t.as(DIS).post(`/projects/${p.id}/cancel`, {})).statusCode).toBe(200);
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual([TRANS]);
    expect(mailBody(sent[0]!.raw)).toContain('排出事業者が案件を取り消しました');
  });
});

describe('period end and auto renewal', () => {
  /** An approved, running contract with the given period (written directly: sent periods start today or later). */
  async function runningContract(over: Record<string, unknown> = {}) {
    const p = await acceptedProject();
    await t
      .as(TRANS)
      .put(`/trans/projects/${p.id}/contract`, contractBody(p.lineIds, { startDate: today(), ...over }));
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    expect((await t.as(DIS).post(`/projects/${p.id}/contract/approve`)).json().projectStatus).toBe(
      'IN_PROGRESS',
    );
    await t.db
      .update(contracts)
      .set({ startDate: '2025-04-01', endDate: '2026-03-31' })
      .where(eq(contracts.projectId, p.id));
    return p;
  }

  it('renews an auto-renewing contract by whole periods', async () => {
    const p = await runningContract();
    await advanceContracts(t.db, '2026-04-01');
    const c = (await detail(p.id, DIS)).contract;
    expect(c).toMatchObject({ startDate: '2026-04-01', endDate: '2027-03-31', renewal: null });
    expect((await detail(p.id, DIS)).projectStatus).toBe('IN_PROGRESS');
    // Days missed while stopped: the period that covers today.
    await advanceContracts(t.db, '2028-05-10');
    expect((await detail(p.id, DIS)).contract).toMatchObject({
      startDate: '2028-04-01',
      endDate: '2029-03-31',
    });
  });

  it('ends when a party ended the auto renewal, and completes the project', async () => {
    const p = await runningContract();
    expect((await t.as(DIS2).post(`/projects/${p.id}/contract/renewal`, { renewal: 'END' })).statusCode).toBe(
      404,
    );
    expect((await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'STOP' })).statusCode).toBe(
      400,
    );
    const before = t.smtp.mails.length;
    const ended = await t.as(TRANS).post(`/trans/projects/${p.id}/contract/renewal`, {
      renewal: 'END',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().contract.renewal).toBe('END');
    expect(t.smtp.mails.slice(before).some((m) => m.to.includes(DIS))).toBe(true);
    // The discharger may change it back until the end.
    const cont = await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'CONTINUE' });
    expect(cont.json().contract.renewal).toBe('CONTINUE');
    await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'END' });

    await advanceContracts(t.db, '2026-03-31');
    expect((await detail(p.id, DIS)).projectStatus).toBe('IN_PROGRESS');
    const run = await advanceContracts(t.db, '2026-04-01');
    expect(run.completed).toBeGreaterThanOrEqual(1);
    const done = await detail(p.id, DIS);
    expect(done.projectStatus).toBe('COMPLETE');
    expect(done.contract.status).toBe('ENDED');
    expect(
      (await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'CONTINUE' })).statusCode,
    ).toBe(409);
  });

  it('ends a contract without auto renewal at its end, and refuses a renewal decision for it', async () => {
    const p = await runningContract({ contractType: 'NO_AUTO_UPDATE' });
    expect(
      (await t.as(DIS).post(`/projects/${p.id}/contract/renewal`, { renewal: 'CONTINUE' })).statusCode,
    ).toBe(409);
    await advanceContracts(t.db, '2026-04-01');
    expect((await detail(p.id, DIS)).projectStatus).toBe('COMPLETE');
  });
});

describe("the license is chosen from the transporter's permits", () => {
  const put = (id: number, body: unknown, who: Caller = TRANS) =>
    t.as(who).put(`/trans/projects/${id}/contract`, body);

  it('copies the chosen permit into the license fields, and answers the permit with its kinds and copy', async () => {
    const p = await acceptedProject();
    const saved = await put(p.id, contractBody(p.lineIds));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contract).toMatchObject({
      licenseNumber: f.permit.licenseNumber,
      licenseDistrict: '東京都',
      licenseExpireDate: f.permit.expiryDate,
      permit: {
        id: f.permit.id,
        districtCode: '13',
        licenseNumber: f.permit.licenseNumber,
        expiryDate: f.permit.expiryDate,
        wasteKinds: [
          { id: f.plastics, name: '廃プラスチック類' },
          { id: f.sludge, name: '汚泥' },
        ],
        file: { fileName: '許可証.pdf', mimeType: 'application/pdf' },
      },
    });
    // Typed license fields are not taken: the permit stands for them.
    const typed = await put(
      p.id,
      contractBody(p.lineIds, { licenseNumber: '手入力', licenseDistrict: '手入力' }),
    );
    expect(typed.json().contract.licenseNumber).toBe(f.permit.licenseNumber);
    const draft = (await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`)).json();
    expect(draft).toMatchObject({ permitId: f.permit.id, licenseNumber: f.permit.licenseNumber });
    const [row] = await t.db.select().from(contracts).where(eq(contracts.projectId, p.id));
    expect(row).toMatchObject({ permitId: f.permit.id, licenseDistrict: '東京都' });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(row!.id)));
    expect(audit.find((a) => a.action === 'contract.create')?.detail).toMatchObject({
      permitId: f.permit.id,
    });
  });

  it('refuses a permit that cannot back the contract with a field error on permitId, storing nothing', async () => {
    const p = await acceptedProject();
    const start = tomorrow();
    const expired = await registerPermit(t, TRANS, {
      wasteKindIds: [f.plastics],
      issueDate: '2020-04-01',
      expiryDate: today(),
    });
    const notYet = await registerPermit(t, TRANS, {
      wasteKindIds: [f.plastics],
      issueDate: addMonths(today(), 12),
      expiryDate: addMonths(today(), 72),
    });
    const disposal = await registerPermit(t, TRANS, { wasteKindIds: [f.sludge], kind: 'DISPOSAL' });
    const retired = await registerPermit(t, TRANS, { wasteKindIds: [f.plastics] });
    expect((await t.as(TRANS).post(`/trans/permits/${retired.id}/retire`)).statusCode).toBe(200);
    const foreign = await registerPermit(t, PLATFORM, { wasteKindIds: [f.plastics] });
    for (const [permitId, status, code] of [
      [expired.id, 400, 'contract_permit_expired'],
      [notYet.id, 400, 'contract_permit_not_yet_valid'],
      [disposal.id, 400, 'contract_permit_not_collection'],
      [retired.id, 400, 'contract_permit_retired'],
      [foreign.id, 404, 'permit_not_found'],
      [999_999, 404, 'permit_not_found'],
      [undefined, 400, 'MSG_00_21'],
      ['1', 400, 'invalid_format'],
    ] as const) {
      const res = await put(p.id, contractBody(p.lineIds, { startDate: start, permitId }));
      expect(res.statusCode, `${permitId}: ${res.body}`).toBe(status);
      expect(res.json().fields).toEqual({ permitId: code });
      // The schema's refusals answer validation_error; the permit's own refusals name themselves.
      expect(res.json().code).toBe(typeof permitId === 'number' ? code : 'validation_error');
      // Nothing of another company's permit shows.
      expect(res.body).not.toContain(foreign.licenseNumber);
    }
    expect(await t.db.select().from(contracts).where(eq(contracts.projectId, p.id))).toEqual([]);
    // Valid up to and including its expiry date: the expired one backs a contract that starts on that day.
    const onExpiry = await put(p.id, contractBody(p.lineIds, { startDate: today(), permitId: expired.id }));
    expect(onExpiry.statusCode, onExpiry.body).toBe(200);
  });

  it('holds an admin acting for the transporter to the same rules', async () => {
    const p = await acceptedProject();
    const toto = await companyId(t.db, '東都環境サービス株式会社');
    const token = await t.as(ADMIN).post(`/admin/companies/${toto}/auth-token?isTransport=true`);
    expect(token.statusCode).toBe(200);
    const acting = { token: token.json().token as string };
    const foreign = await registerPermit(t, PLATFORM, { wasteKindIds: [f.plastics] });
    const disposal = await registerPermit(t, TRANS, { wasteKindIds: [f.sludge], kind: 'DISPOSAL' });
    const other = await put(p.id, contractBody(p.lineIds, { permitId: foreign.id }), acting);
    expect(other.statusCode).toBe(404);
    expect(other.json().fields).toEqual({ permitId: 'permit_not_found' });
    const wrongKind = await put(p.id, contractBody(p.lineIds, { permitId: disposal.id }), acting);
    expect(wrongKind.json().fields).toEqual({ permitId: 'contract_permit_not_collection' });
    const saved = await put(p.id, contractBody(p.lineIds), acting);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contract.licenseNumber).toBe(f.permit.licenseNumber);
  });

  it("prints the permit's district, number, covered kinds and expiry (with its era) in the contract PDF", async () => {
    // SEPARATE: a typed unit price per line (COMBINED takes both price lists: combined-prices.test.ts).
    const p = await acceptedProject('INDUSTRIAL');
    const saved = await put(p.id, contractBody(p.lineIds, { contractForm: 'SEPARATE' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const pdf = await t.as(DIS).get(`/projects/${p.id}/contract/files/collection`);
    expect(pdf.statusCode).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).toContain(
      `産業廃棄物収集運搬業許可${f.permit.licenseNumber}東京都廃プラスチック類、汚泥${formatDateWithEra(f.permit.expiryDate, { style: 'long' })}`,
    );
    expect(text).toContain('乙の許可証の写しは、本契約書に添付する。');
  });

  it("never prints the transporter's industrial permit in a municipal waste contract's PDF", async () => {
    const p = await acceptedProject('REGULAR');
    const saved = await put(p.id, contractBody(p.lineIds));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const pdf = await t.as(DIS).get(`/projects/${p.id}/contract/files/regular`);
    expect(pdf.statusCode).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).toContain('一般廃棄物（事業系一般廃棄物）収集運搬委託契約書');
    // The general-waste heading over "—": the prefectural industrial permit is not a municipality's license.
    expect(text).toContain('一般廃棄物収集運搬業許可————');
    for (const industrial of [
      f.permit.licenseNumber,
      '東京都廃プラスチック類',
      '産業廃棄物収集運搬業許可',
      '許可証の写し',
    ])
      expect(text).not.toContain(industrial);
  });

  it('prints a line’s quantity in the unit it was stated in, beside the unit its price is in', async () => {
    const units = await t.db.query.unitMeasures.findMany();
    const [tonne, kg] = [units.find((u) => u.unit === 't')!, units.find((u) => u.unit === 'kg')!];
    // The request's line: 2.5 in the first unit of the master (t); the quote prices it per kg.
    expect(f.unit).toBe(tonne.id);
    const p = await acceptedProject('INDUSTRIAL', kg.id);
    const saved = await put(p.id, contractBody(p.lineIds, { contractForm: 'SEPARATE' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    const pdf = await t.as(DIS).get(`/projects/${p.id}/contract/files/collection`);
    const text = (await extractPdfText(pdf.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('2.5t1,500円kg');
    expect(text).not.toContain('2.5kg');
  });

  it('lets both parties download the permit copy through the contract once it is sent, and nobody else', async () => {
    const p = await acceptedProject();
    await put(p.id, contractBody(p.lineIds));
    const copy = `/projects/${p.id}/contract/permit-file`;
    // A draft is the transporter's own.
    expect((await t.as(TRANS).get(copy)).statusCode).toBe(200);
    expect((await t.as(DIS).get(copy)).statusCode).toBe(404);
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    for (const who of [DIS, TRANS]) {
      const res = await t.as(who).get(copy);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(samplePdf())).toBe(true);
    }
    // The discharger reads it through the contract only: the transporter's permits stay closed to it.
    expect((await t.as(DIS).get(`/trans/permits/${f.permit.id}/file`)).statusCode).toBe(403);
    expect((await t.as(DIS2).get(copy)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(copy)).statusCode).toBe(404);
    expect((await t.as(null).get(copy)).statusCode).toBe(401);
    const list = (await t.as(DIS).get('/contracts')).json() as {
      projectId: number;
      hasPermitCopy: boolean;
    }[];
    expect(list.find((c) => c.projectId === p.id)?.hasPermitCopy).toBe(true);
  });

  it('still reads a contract written before permits were kept, without a permit or its copy', async () => {
    const p = await acceptedProject();
    await put(p.id, contractBody(p.lineIds));
    expect((await t.as(TRANS).post(`/trans/projects/${p.id}/contract/send`)).statusCode).toBe(200);
    await t.db
      .update(contracts)
      .set({ permitId: null, licenseNumber: '第1301-0042号', licenseDistrict: '東京都中央区' })
      .where(eq(contracts.projectId, p.id));
    const contract = (await detail(p.id, DIS)).contract;
    expect(contract).toMatchObject({
      licenseNumber: '第1301-0042号',
      licenseDistrict: '東京都中央区',
      permit: null,
    });
    expect((await t.as(DIS).get(`/projects/${p.id}/contract/permit-file`)).statusCode).toBe(404);
    const list = (await t.as(DIS).get('/contracts')).json() as {
      projectId: number;
      hasPermitCopy: boolean;
    }[];
    expect(list.find((c) => c.projectId === p.id)?.hasPermitCopy).toBe(false);
    expect((await t.as(TRANS).get(`/trans/projects/${p.id}/contract-draft`)).json().permitId).toBeNull();
  });

  it("starts a new contract from the latest contract's permit while it can back it", async () => {
    const first = await acceptedProject();
    const permit = await registerPermit(t, TRANS, { wasteKindIds: [f.plastics] });
    await put(first.id, contractBody(first.lineIds, { permitId: permit.id }));
    // The calendar runs above moved other contracts on business dates up to 2028 (their updated time is that
    // day's): this one is made the latest the business clock has seen.
    await t.db
      .update(contracts)
      .set({ updatedAt: new Date('2030-01-01T00:00:00+09:00') })
      .where(eq(contracts.projectId, first.id));
    const next = await acceptedProject();
    const draft = (await t.as(TRANS).get(`/trans/projects/${next.id}/contract-draft`)).json();
    expect(draft).toMatchObject({
      permitId: permit.id,
      licenseNumber: permit.licenseNumber,
      licenseDistrict: '東京都',
      licenseExpireDate: permit.expiryDate,
    });
    expect((await t.as(TRANS).post(`/trans/permits/${permit.id}/retire`)).statusCode).toBe(200);
    const after = (await t.as(TRANS).get(`/trans/projects/${next.id}/contract-draft`)).json();
    expect(after).toMatchObject({ permitId: null, licenseNumber: '' });
  });
});
