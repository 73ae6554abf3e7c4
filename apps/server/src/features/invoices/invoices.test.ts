import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { previousDay } from '@junkan/shared/contract-rules';
import { formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { invoiceRetentionUntil, latestDate } from '@junkan/shared/rules/retention';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { monthSequence } from '../../../test/fixtures/invoices';
import { multipartForm, samplePdf, samplePng } from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  attachments,
  auditLogs,
  companies,
  contracts,
  invoiceSends,
  invoices,
  mailOutbox,
  projects,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { recordInvoicePaid } from './invoice-payment';

// The business clock: Japan's 2026-11-25, 10:00.
const now = new Date('2026-11-25T10:00:00+09:00');
let t: TestContext;
let projectId: number;
let otherProjectId: number;

/** The file parts' declared type: the server judges a file by its name and its bytes, not by this. */
const OCTET_STREAM = 'application/octet-stream';

/** A month no other invoice of these tests bills, so registrations do not warn of each other. */
const freshMonth = monthSequence();

const draft = (over: object = {}) => ({
  billedMonth: freshMonth(),
  billingDate: '2026-11-25',
  dueDate: '2026-12-31',
  amount: 110000,
  ...over,
});

async function register(
  who: string,
  data: unknown,
  files: { field: string; name: string; content: Buffer }[] = [
    { field: 'files.0', name: '請求書.pdf', content: samplePdf() },
  ],
) {
  const body = multipartForm(
    { data: typeof data === 'string' ? data : JSON.stringify(data) },
    files.map((f) => ({ ...f, contentType: OCTET_STREAM })),
  );
  return t.as(who).post('/trans/invoices', body.payload, body.headers);
}

async function registerOne(over: object = {}, project = projectId) {
  const res = await register(TRANS, { projectId: project, invoices: [draft(over)] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }[]>()[0]!.id;
}

async function setPayment(method: 'PAYMENT_INVOICE' | 'CREDIT_CARD', project = projectId) {
  await t.db.update(contracts).set({ paymentMethod: method }).where(eq(contracts.projectId, project));
}

async function correct(
  who: string,
  id: number,
  data: unknown,
  files: { field: string; name: string; content: Buffer }[] = [],
) {
  const body = multipartForm(
    { data: JSON.stringify(data) },
    files.map((f) => ({ ...f, contentType: OCTET_STREAM })),
  );
  return t.as(who).post(`/trans/invoices/${id}/corrections`, body.payload, body.headers);
}

async function actingToken(companyName: string, isTransport: boolean) {
  const company = await t.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.name, companyName) });
  const res = await t
    .as('admin')
    .post(`/admin/companies/${company!.id}/auth-token?isTransport=${isTransport}`);
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json<{ token: string }>().token };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const [p1] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
  const [p2] = await t.db
    .select()
    .from(projects)
    .where(eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'));
  projectId = p1!.id;
  otherProjectId = p2!.id;
});
afterAll(() => t.close());

describe('billable projects and registration', () => {
  it('lists the transporter its projects in progress under an approved contract, with the payment method', async () => {
    const res = await t.as(TRANS).get('/trans/invoices/billable-projects');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ projectId: number; paymentMethod: string }[]>().map((p) => p.projectId);
    expect(ids).toEqual(expect.arrayContaining([projectId, otherProjectId]));
    expect((await t.as(PLATFORM).get('/trans/invoices/billable-projects')).json()).toEqual([]);
    expect((await t.as(DIS).get('/trans/invoices/billable-projects')).statusCode).toBe(403);
  });

  it('registers up to five invoices at once, all UNCLAIMED with their files, audited', async () => {
    const res = await register(TRANS, { projectId, invoices: [draft(), draft({ amount: 5000 })] }, [
      { field: 'files.0', name: '請求書A.pdf', content: samplePdf() },
      { field: 'files.0', name: '明細.png', content: samplePng() },
      { field: 'files.1', name: '請求書B.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ id: number; status: string; amount: number; paymentMethod: string }[]>();
    expect(created.map((c) => [c.status, c.amount, c.paymentMethod])).toEqual([
      ['UNCLAIMED', 110000, 'PAYMENT_INVOICE'],
      ['UNCLAIMED', 5000, 'PAYMENT_INVOICE'],
    ]);
    const detail = (await t.as(TRANS).get(`/trans/invoices/${created[0]!.id}`)).json();
    expect(detail.files.map((f: { fileName: string }) => f.fileName)).toEqual(['請求書A.pdf', '明細.png']);
    expect(detail.actions).toEqual(['SEND', 'CORRECT']);
    expect(detail.versions).toHaveLength(1);
    const download = await t.as(TRANS).get(`/trans/invoices/${created[0]!.id}/files/${detail.files[0].id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samplePdf())).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'invoice.register'), eq(auditLogs.entityId, String(created[1]!.id))));
    expect(audits).toHaveLength(1);
  });

  it.each([
    ['six invoices', { invoices: Array(6).fill(draft()) }, 'invoice_max_count', 'invoices'],
    ['no invoice', { invoices: [] }, 'MSG_00_21', 'invoices'],
    [
      '2026-02-30',
      { invoices: [draft({ billingDate: '2026-02-30' })] },
      'invalid_format',
      'invoices.0.billingDate',
    ],
    [
      'due before billing',
      { invoices: [draft({ dueDate: '2026-11-01' })] },
      'due_date_before_billing_date',
      'invoices.0.dueDate',
    ],
    ['amount 0', { invoices: [draft({ amount: 0 })] }, 'out_of_charge_range', 'invoices.0.amount'],
    [
      'amount 100,000,000',
      { invoices: [draft({ amount: 100_000_000 })] },
      'out_of_charge_range',
      'invoices.0.amount',
    ],
    ['a fraction of a yen', { invoices: [draft({ amount: 10.5 })] }, 'invalid_format', 'invoices.0.amount'],
    ['a huge project id', { projectId: 2 ** 31, invoices: [draft()] }, 'invalid_format', 'projectId'],
    [
      'no billed month',
      { invoices: [draft({ billedMonth: undefined })] },
      'MSG_00_21',
      'invoices.0.billedMonth',
    ],
    [
      'billed month 2026-13',
      { invoices: [draft({ billedMonth: '2026-13' })] },
      'invoice_month_invalid',
      'invoices.0.billedMonth',
    ],
    [
      'a billed month past a year ahead',
      { invoices: [draft({ billedMonth: '2062-10' })] },
      'invoice_month_too_far',
      'invoices.0.billedMonth',
    ],
    [
      'a billing date of a mistyped year',
      { invoices: [draft({ billingDate: '2062-11-25', dueDate: '2062-12-31' })] },
      'invoice_billing_date_out_of_range',
      'invoices.0.billingDate',
    ],
    [
      'a billing date before 2000',
      { invoices: [draft({ billingDate: '1900-11-25' })] },
      'invoice_billing_date_out_of_range',
      'invoices.0.billingDate',
    ],
    [
      'a due date in 9999',
      { invoices: [draft({ dueDate: '9999-12-31' })] },
      'invoice_due_date_too_far',
      'invoices.0.dueDate',
    ],
    [
      'an unconfirmed month written wrong',
      { invoices: [draft()], confirmedBilledMonths: ['2026/10'] },
      'invoice_month_invalid',
      'confirmedBilledMonths.0',
    ],
  ])('refuses %s with its code and writes nothing', async (_label, over, code, field) => {
    const before = (await t.db.select().from(invoices)).length;
    const files = (await t.db.select().from(attachments).where(eq(attachments.ownerType, 'INVOICE'))).length;
    const res = await register(TRANS, { projectId, ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    expect(await t.db.select().from(invoices)).toHaveLength(before);
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerType, 'INVOICE'))).toHaveLength(
      files,
    );
  });

  it('takes dates at their bounds: a year ahead (advance billing), due a year after, a month from 2000', async () => {
    const res = await register(
      TRANS,
      {
        projectId,
        invoices: [
          draft({ billingDate: '2027-11-25', dueDate: '2028-11-25' }),
          draft({ billingDate: '2000-01-01', dueDate: '2000-01-31' }),
        ],
      },
      [
        { field: 'files.0', name: 'a.pdf', content: samplePdf() },
        { field: 'files.1', name: 'b.pdf', content: samplePdf() },
      ],
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('wants at least one file per invoice, and refuses files of an invoice that is not there', async () => {
    const none = await register(TRANS, { projectId, invoices: [draft()] }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'invoice_file_required',
      fields: { 'invoices.0.files': 'invoice_file_required' },
    });
    const second = await register(TRANS, { projectId, invoices: [draft(), draft()] }, [
      { field: 'files.0', name: 'a.pdf', content: samplePdf() },
    ]);
    expect(second.json()).toMatchObject({ fields: { 'invoices.1.files': 'invoice_file_required' } });
    const stray = await register(TRANS, { projectId, invoices: [draft()] }, [
      { field: 'files.0', name: 'a.pdf', content: samplePdf() },
      { field: 'files.3', name: 'b.pdf', content: samplePdf() },
    ]);
    expect(stray.statusCode).toBe(400);
  });

  it('refuses 49 yen by card, takes 50', async () => {
    await setPayment('CREDIT_CARD');
    try {
      const res = await register(TRANS, { projectId, invoices: [draft({ amount: 49 })] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'out_of_charge_range',
        fields: { 'invoices.0.amount': 'out_of_charge_range' },
      });
      const ok = await register(TRANS, { projectId, invoices: [draft({ amount: 50 })] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()[0].paymentMethod).toBe('CREDIT_CARD');
    } finally {
      await setPayment('PAYMENT_INVOICE');
    }
  });

  it('refuses hostile input: NUL, lone surrogates, broken JSON, a disguised file, a wrong kind, broken multipart', async () => {
    const nul = await register(
      TRANS,
      `{"projectId":${projectId},"invoices":[{"billingDate":"2026-11-25\u0000"}]}`,
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ data: 'invalid_characters' });
    const surrogate = await register(
      TRANS,
      `{"projectId":${projectId},"invoices":[{"billingDate":"\\ud800"}]}`,
    );
    expect(surrogate.json().fields).toEqual({ data: 'invalid_characters' });
    const escapedNul = await register(
      TRANS,
      `{"projectId":${projectId},"invoices":[{"billingDate":"\\u0000"}]}`,
    );
    expect(escapedNul.json().fields).toEqual({ data: 'invalid_characters' });
    const broken = await register(TRANS, '{"projectId":');
    expect(broken.json()).toMatchObject({ code: 'invalid_format', fields: { data: 'invalid_format' } });
    const disguised = await register(TRANS, { projectId, invoices: [draft()] }, [
      { field: 'files.0', name: '請求書.pdf', content: samplePng() },
    ]);
    expect(disguised.json().code).toBe('upload_file_type_error');
    const exe = await register(TRANS, { projectId, invoices: [draft()] }, [
      { field: 'files.0', name: 'virus.exe', content: samplePdf() },
    ]);
    expect(exe.json().code).toBe('upload_file_type_error');
    const noData = await register(TRANS, undefined as never);
    expect(noData.statusCode).toBe(400);
    const truncated = await t
      .as(TRANS)
      .post('/trans/invoices', '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{', {
        'content-type': 'multipart/form-data; boundary=x',
      });
    expect(truncated.statusCode).toBe(400);
    const json = await t.as(TRANS).post('/trans/invoices', { projectId, invoices: [draft()] });
    expect([400, 415]).toContain(json.statusCode);
    // Nothing stored by any of these.
    expect(await t.db.select().from(invoices).where(eq(invoices.amount, 110001))).toHaveLength(0);
  });

  it('only the transporter of the project may bill it: other transporter 404, discharger 403, not in progress 409', async () => {
    const other = await register(PLATFORM, { projectId, invoices: [draft()] });
    expect(other.statusCode).toBe(404);
    expect((await register(DIS, { projectId, invoices: [draft()] })).statusCode).toBe(403);
    const [waiting] = await t.db.select().from(projects).where(eq(projects.title, '梅田事業所 金属くず回収'));
    const notBillable = await register(TRANS, { projectId: waiting!.id, invoices: [draft()] });
    expect(notBillable.statusCode).toBe(409);
    expect(notBillable.json().code).toBe('project_not_billable');
  });
});

describe('send, resend and the mails', () => {
  it('sends UNCLAIMED -> BILLED with the files attached to the discharger users, recorded', async () => {
    const id = await registerOne({ amount: 123456 });
    // The discharger does not see an unclaimed invoice.
    expect((await t.as(DIS).get(`/invoices/${id}`)).statusCode).toBe(404);
    const before = t.smtp.mails.length;
    const res = await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'BILLED',
      actions: ['RESEND_ATTACHMENT_MAIL', 'MARK_PAID', 'CORRECT'],
    });
    expect(res.json().sends).toMatchObject([{ kind: 'ATTACHMENT_MAIL', filesAttached: true, recipients: 1 }]);
    const mails = t.smtp.mails.slice(before);
    expect(mails.map((m) => m.to)).toEqual([[DIS]]);
    expect(mails[0]!.raw).toMatch(/Content-Disposition: attachment/i);
    const [send] = await t.db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, id));
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, send!.outboxIds[0]!));
    expect(row!.text).toContain('123,456円');
    expect(row!.text).toContain(`/sys/invoice-management/detail/${id}`);
    // Its number, and where to pay a bank transfer (the transporter's account when it was registered).
    expect(row!.text).toContain(`請求書番号: ${formatInvoiceNumber(res.json().invoiceNumber)}`);
    expect(row!.text).toContain('振込先: みずほ（0001） 東京営業部（001） 普通 1234567');
    expect(row!.attachments).toHaveLength(1);
    // Now the discharger sees it, billed.
    const seen = await t.as(DIS).get(`/invoices/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'BILLED',
      actions: [],
      counterpart: { name: '東都環境サービス株式会社' },
    });
    // Sending twice is refused.
    const again = await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_status_transition');
  });

  it('a card invoice also mails the payment notice with the link to pay; both can be resent', async () => {
    await setPayment('CREDIT_CARD');
    try {
      const id = await registerOne({ amount: 5000 });
      const before = t.smtp.mails.length;
      const sent = await t.as(TRANS).post(`/trans/invoices/${id}/send`);
      expect(
        sent
          .json()
          .sends.map((s: { kind: string }) => s.kind)
          .sort(),
      ).toEqual(['ATTACHMENT_MAIL', 'PAYMENT_NOTICE_MAIL']);
      expect(t.smtp.mails.length - before).toBe(2);
      expect((await t.as(DIS).get(`/invoices/${id}`)).json().actions).toEqual(['PAY_BY_CARD']);
      const resent = await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'PAYMENT_NOTICE_MAIL' });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().sends).toHaveLength(3);
      // Card invoices are not marked paid by hand.
      const paid = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-25' });
      expect(paid.statusCode).toBe(409);
    } finally {
      await setPayment('PAYMENT_INVOICE');
    }
  });

  it('no payment notice for a bank transfer; no resend before it was sent', async () => {
    const id = await registerOne();
    const early = await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'ATTACHMENT_MAIL' });
    expect(early.statusCode).toBe(409);
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    const notice = await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'PAYMENT_NOTICE_MAIL' });
    expect(notice.statusCode).toBe(409);
    const resend = await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'ATTACHMENT_MAIL' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().sends).toHaveLength(2);
    expect((await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'OTHER' })).statusCode).toBe(400);
  });

  it('files over the 25 MB mail limit go as a link instead', async () => {
    const id = await registerOne({ amount: 777 });
    // Recorded sizes as a large upload would have (the bytes stay small).
    await t.db
      .update(attachments)
      .set({ size: 26 * 1024 * 1024 })
      .where(and(eq(attachments.ownerType, 'INVOICE'), eq(attachments.ownerId, id)));
    const before = t.smtp.mails.length;
    const res = await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    expect(res.json().sends[0]).toMatchObject({ kind: 'ATTACHMENT_MAIL', filesAttached: false });
    const mail = t.smtp.mails.slice(before)[0]!;
    expect(mail.raw).not.toMatch(/Content-Disposition: attachment/i);
  });
});

describe('mark paid and recordInvoicePaid', () => {
  it('marks a billed bank-transfer invoice paid on a real, not future date; mails the discharger', async () => {
    const id = await registerOne({ amount: 8800 });
    const unsent = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-25' });
    expect(unsent.statusCode).toBe(409);
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    for (const [date, code] of [
      ['2026-11-26', 'settlement_date_in_future'],
      ['2026-02-30', 'invalid_format'],
      ['', 'MSG_00_21'],
    ] as const) {
      const res = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate: date });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().fields.settlementDate).toBe(code);
    }
    expect(
      (await t.as(DIS).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-25' })).statusCode,
    ).toBe(403);
    expect(
      (await t.as(PLATFORM).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-25' })).statusCode,
    ).toBe(404);
    const before = t.smtp.mails.length;
    const paid = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-24' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'PAID',
      settlementDate: '2026-11-24',
      actions: ['RESEND_ATTACHMENT_MAIL'],
    });
    expect(t.smtp.mails.slice(before).map((m) => m.to)).toEqual([[DIS]]);
    const seen = (await t.as(DIS).get(`/invoices/${id}`)).json<InvoiceDetail>();
    expect(seen).toMatchObject({ status: 'PAID', settlementDate: '2026-11-24' });
    // Kept seven years after the return of the latest fiscal year its last date (the due date 2026-12-31, or
    // the day it was last changed) can close in: through January 2035 at least; both sides see the same day.
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(seen.keptUntil).toBe(invoiceRetentionUntil(latestDate(row!.dueDate, tokyoDate(row!.updatedAt))!));
    expect(seen.keptUntil >= '2035-01-31').toBe(true);
    expect((await t.as(TRANS).get(`/trans/invoices/${id}`)).json<InvoiceDetail>().keptUntil).toBe(
      seen.keptUntil,
    );
    // The attachment mail may still be resent after payment.
    expect(
      (await t.as(TRANS).post(`/trans/invoices/${id}/resend`, { kind: 'ATTACHMENT_MAIL' })).statusCode,
    ).toBe(200);
    // A second tab confirming it again hears that it is paid, whatever the date.
    for (const settlementDate of ['2026-11-25', '2026-11-26']) {
      const again = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('invoice_already_paid');
    }
  });

  it('checks the date once, with the billed month, after what the invoice allows', async () => {
    const id = await registerOne({ amount: 8801 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const monthBegan = `${row!.billedMonth}-01`;
    // Not billed yet: no date makes it payable, so that is the answer, not the date.
    for (const settlementDate of ['2026-11-26', previousDay(monthBegan)]) {
      const unsent = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate });
      expect(unsent.statusCode, settlementDate).toBe(409);
      expect(unsent.json().code).toBe('invalid_status_transition');
    }
    // Another company's invoice: 404, whatever the date.
    const foreign = await t.as(PLATFORM).post(`/trans/invoices/${id}/paid`, { settlementDate: '2026-11-26' });
    expect(foreign.statusCode).toBe(404);
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    // Billed: before the month it bills, then in the future, each on its field.
    for (const [settlementDate, code] of [
      [previousDay(monthBegan), 'settlement_before_billed_month'],
      ['2026-11-26', 'settlement_date_in_future'],
    ] as const) {
      const res = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate });
      expect(res.statusCode, settlementDate).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { settlementDate: code } });
    }
    const paid = await t.as(TRANS).post(`/trans/invoices/${id}/paid`, { settlementDate: monthBegan });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'PAID', settlementDate: monthBegan });
  });

  it('recordInvoicePaid is idempotent: the second payment changes nothing', async () => {
    const id = await registerOne({ amount: 4321 });
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    const first = await t.db.transaction((tx) =>
      recordInvoicePaid(tx, id, {
        settlementDate: '2026-11-25',
        via: 'CARD',
        paymentRef: 'ch_1',
        at: new Date(),
      }),
    );
    expect(first.changed).toBe(true);
    const second = await t.db.transaction((tx) =>
      recordInvoicePaid(tx, id, {
        settlementDate: '2026-11-20',
        via: 'CARD',
        paymentRef: 'ch_2',
        at: new Date(),
      }),
    );
    expect(second.changed).toBe(false);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({
      status: 'PAID',
      settlementDate: '2026-11-25',
      paymentRef: 'ch_1',
      paidVia: 'CARD',
    });
    const unclaimed = await registerOne();
    await expect(
      t.db.transaction((tx) =>
        recordInvoicePaid(tx, unclaimed, {
          settlementDate: '2026-11-25',
          via: 'CARD',
          paymentRef: 'x',
          at: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ code: 'invalid_status_transition' });
  });
});

describe('corrections', () => {
  it('writes a new version, keeps the old one unchanged, lists only the current', async () => {
    const id = await registerOne({ amount: 30000 });
    const [oldBefore] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const detail = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json();
    const res = await correct(
      TRANS,
      id,
      { billingDate: '2026-11-26', dueDate: '2026-12-26', amount: 33000, keepFileIds: [detail.files[0].id] },
      [{ field: 'files', name: '訂正明細.png', content: samplePng() }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const v2 = res.json();
    expect(v2).toMatchObject({
      version: 2,
      rootId: id,
      amount: 33000,
      status: 'UNCLAIMED',
      supersededById: null,
    });
    expect(v2.files.map((f: { fileName: string }) => f.fileName)).toEqual(['請求書.pdf', '訂正明細.png']);
    expect(v2.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const [oldAfter] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect({ ...oldAfter, supersededAt: null, supersededById: null }).toEqual(oldBefore);
    expect(oldAfter!.supersededById).toBe(v2.id);
    const old = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json();
    expect(old).toMatchObject({ supersededById: v2.id, actions: [] });
    // The old file still downloads from the old version.
    expect((await t.as(TRANS).get(`/trans/invoices/${id}/files/${detail.files[0].id}`)).statusCode).toBe(200);
    const list = (await t.as(TRANS).get(`/trans/invoices?projectId=${projectId}&size=100`)).json();
    const ids = list.items.map((i: { id: number }) => i.id);
    expect(ids).toContain(v2.id);
    expect(ids).not.toContain(id);
    // The old version cannot be acted on.
    const stale = await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    expect(stale.json().code).toBe('invoice_superseded');
    const staleCorrect = await correct(TRANS, id, {
      billingDate: '2026-11-26',
      dueDate: '2026-12-26',
      amount: 1,
    });
    expect(staleCorrect.json().code).toBe('invoice_superseded');
  });

  it('refuses no file left, a file of another invoice, bad dates; a billed correction is mailed', async () => {
    const id = await registerOne({ amount: 40000 });
    const none = await correct(TRANS, id, { billingDate: '2026-11-25', dueDate: '2026-12-31', amount: 1 });
    expect(none.json()).toMatchObject({ code: 'invoice_file_required' });
    const foreign = await correct(TRANS, id, {
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 1,
      keepFileIds: [1],
    });
    expect(foreign.json().fields.keepFileIds).toBe('invalid_format');
    const bad = await correct(TRANS, id, { billingDate: '2026-02-30', dueDate: '2026-12-31', amount: 1 });
    expect(bad.json().fields.billingDate).toBe('invalid_format');
    const keep = (await t.as(TRANS).get(`/trans/invoices/${id}`))
      .json()
      .files.map((f: { id: number }) => f.id);
    for (const [dates, field, code] of [
      [
        { billingDate: '2062-11-25', dueDate: '2062-12-31' },
        'billingDate',
        'invoice_billing_date_out_of_range',
      ],
      [
        { billingDate: '1926-11-25', dueDate: '1926-12-31' },
        'billingDate',
        'invoice_billing_date_out_of_range',
      ],
      [{ billingDate: '2026-11-25', dueDate: '9999-12-31' }, 'dueDate', 'invoice_due_date_too_far'],
    ] as const) {
      const res = await correct(TRANS, id, { ...dates, amount: 1, keepFileIds: keep });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    expect(
      (await correct(PLATFORM, id, { billingDate: '2026-11-25', dueDate: '2026-12-31', amount: 1 }))
        .statusCode,
    ).toBe(404);

    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const before = t.smtp.mails.length;
    const res = await correct(TRANS, id, {
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 39000,
      keepFileIds: files.map((f: { id: number }) => f.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'BILLED', version: 2 });
    expect(t.smtp.mails.length - before).toBe(1);
    // The discharger sees the new version and both in the history.
    const seen = (await t.as(DIS).get(`/invoices/${res.json().id}`)).json();
    expect(seen.versions.map((v: { amount: number }) => v.amount)).toEqual([39000, 40000]);
  });
});

describe('lists and who sees what', () => {
  it('filters by status, dates, amounts, counterparty and overdue; refuses unknown filters', async () => {
    const a = await registerOne({ billingDate: '2026-10-01', dueDate: '2026-10-31', amount: 1_000_001 });
    await t.as(TRANS).post(`/trans/invoices/${a}/send`);
    const list = async (who: string, q: string) => {
      const res = await t.as(who).get(`${who === TRANS ? '/trans' : ''}/invoices?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: number; overdue: boolean }[]; total: number }>();
    };
    const overdue = await list(TRANS, 'overdue=true');
    expect(overdue.items.map((i) => i.id)).toEqual([a]);
    expect(overdue.items[0]!.overdue).toBe(true);
    expect((await list(TRANS, 'amountMin=1000001&amountMax=1000001')).items.map((i) => i.id)).toEqual([a]);
    expect((await list(TRANS, 'billingFrom=2026-10-01&billingTo=2026-10-01')).items.map((i) => i.id)).toEqual(
      [a],
    );
    const green = await t.db.query.companies.findFirst({
      where: (c, { eq }) => eq(c.name, '株式会社グリーン商事'),
    });
    expect((await list(TRANS, `companyId=${green!.id}&amountMin=1000001`)).total).toBe(1);
    expect((await list(TRANS, `companyId=${green!.id + 1000}`)).total).toBe(0);
    const billed = await list(DIS, 'status=BILLED&size=100');
    expect(billed.items.map((i) => i.id)).toContain(a);
    // The discharger never sees unclaimed ones.
    expect((await list(DIS, 'status=UNCLAIMED')).total).toBe(0);
    const paged = await list(TRANS, 'size=2&page=1&sort=amount&order=desc');
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    const options = (await t.as(TRANS).get('/trans/invoices/filter-options')).json();
    expect(options.counterparties).toEqual([{ id: green!.id, name: '株式会社グリーン商事' }]);
    expect(options.projects.map((p: { id: number }) => p.id)).toContain(projectId);
    expect((await t.as(DIS2).get('/invoices/filter-options')).json()).toEqual({
      counterparties: [],
      projects: [],
    });
    for (const q of [
      'status=LOST',
      'billingFrom=2026-02-30',
      'amountMin=-1',
      'sort=secret',
      'size=1000',
      'companyId=0x1',
    ])
      expect((await t.as(TRANS).get(`/trans/invoices?${q}`)).statusCode, q).toBe(400);
  });

  it("another company's invoice is 404 for every call; the wrong side's calls are 403", async () => {
    const id = await registerOne();
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    const fileId = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files[0].id;
    expect((await t.as(DIS2).get(`/invoices/${id}`)).statusCode).toBe(404);
    expect((await t.as(DIS2).get(`/invoices/${id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(`/trans/invoices/${id}`)).statusCode).toBe(404);
    expect(
      (await t.as(PLATFORM).post(`/trans/invoices/${id}/resend`, { kind: 'ATTACHMENT_MAIL' })).statusCode,
    ).toBe(404);
    expect((await t.as(DIS).get(`/invoices/${id}/files/${fileId}`)).statusCode).toBe(200);
    expect((await t.as(DIS).get(`/invoices/${id}/files/${fileId + 100000}`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/trans/invoices/${id}`)).statusCode).toBe(403);
    expect((await t.as(TRANS).get(`/invoices/${id}`)).statusCode).toBe(403);
    expect((await t.as(DIS).get('/invoices/2147483648')).statusCode).toBe(400);
    expect((await t.as(DIS).get('/invoices/2147483647')).statusCode).toBe(404);
    expect(
      (await t.as(PLATFORM).get('/trans/invoices?size=100')).json().items.map((i: { id: number }) => i.id),
    ).not.toContain(id);
    expect((await t.as(DIS2).get('/invoices?size=100')).json().total).toBe(0);
    expect((await t.as('admin').get('/invoices')).statusCode).toBe(403);
  });

  it('an admin acting for the transporter works as it, and is recorded as the admin', async () => {
    const acting = await actingToken('東都環境サービス株式会社', true);
    const body = multipartForm({ data: JSON.stringify({ projectId, invoices: [draft({ amount: 2468 })] }) }, [
      { field: 'files.0', name: 'a.pdf', content: samplePdf(), contentType: OCTET_STREAM },
    ]);
    const res = await t.as(acting).post('/trans/invoices', body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json()[0].id;
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row!.actingAdminId).not.toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'invoice.register'), eq(auditLogs.entityId, String(id))));
    expect(audit!.adminId).toBe(row!.actingAdminId);
    expect((await t.as(acting).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);
    const dischargerSide = await actingToken('株式会社グリーン商事', false);
    expect((await t.as(dischargerSide).get(`/invoices/${id}`)).statusCode).toBe(200);
    const other = await actingToken('髙橋工業株式会社', false);
    expect((await t.as(other).get(`/invoices/${id}`)).statusCode).toBe(404);
  });
});

describe('invoice numbers (請求書番号)', () => {
  const numberOf = async (id: number) =>
    (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.invoiceNumber;

  it('numbers each issuer 1, 2, 3...: a registration of several in order, two at once never alike', async () => {
    const res = await register(
      TRANS,
      { projectId, invoices: [draft({ amount: 51 }), draft({ amount: 52 })] },
      [
        { field: 'files.0', name: 'a.pdf', content: samplePdf() },
        { field: 'files.1', name: 'b.pdf', content: samplePdf() },
      ],
    );
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json<{ id: number; invoiceNumber: number }[]>();
    expect(b!.invoiceNumber).toBe(a!.invoiceNumber + 1);
    const raced = await Promise.all([registerOne({ amount: 53 }), registerOne({ amount: 54 })]);
    const numbers = await Promise.all(raced.map(numberOf));
    expect(new Set(numbers).size).toBe(2);
    expect(Math.min(...numbers)).toBe(b!.invoiceNumber + 1);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, a!.id));
    const [issuer] = await t.db.select().from(companies).where(eq(companies.id, row!.transportCompanyId));
    expect(issuer!.lastInvoiceNumber).toBe(Math.max(...numbers));
  });

  it('keeps the number through corrections, finds it by number in the list, refuses a number that is none', async () => {
    const id = await registerOne({ amount: 61 });
    const n = await numberOf(id);
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const v2 = await correct(TRANS, id, {
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 62,
      keepFileIds: files.map((f: { id: number }) => f.id),
    });
    expect(v2.json()).toMatchObject({ invoiceNumber: n, version: 2 });
    for (const typed of [String(n), formatInvoiceNumber(n), formatInvoiceNumber(n, 2), `No.${n}`]) {
      const list = await t.as(TRANS).get(`/trans/invoices?invoiceNumber=${encodeURIComponent(typed)}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(
        list.json().items.map((i: { id: number }) => i.id),
        typed,
      ).toEqual([v2.json().id]);
    }
    // Over kept versions the number finds both versions, the first marked superseded by the second.
    const kept = await t.as(TRANS).get(`/trans/invoices?invoiceNumber=${n}&versions=all`);
    expect(
      kept
        .json()
        .items.map((i: { id: number; supersededBy: { id: number } | null }) => [i.id, i.supersededBy?.id]),
    ).toEqual(
      expect.arrayContaining([
        [id, v2.json().id],
        [v2.json().id, undefined],
      ]),
    );
    expect(kept.json().total).toBe(2);
    // The discharger finds it by the same number once billed; another company's number finds nothing of it.
    await t.as(TRANS).post(`/trans/invoices/${v2.json().id}/send`);
    expect((await t.as(DIS).get(`/invoices?invoiceNumber=${n}`)).json().total).toBe(1);
    expect((await t.as(DIS2).get(`/invoices?invoiceNumber=${n}`)).json().total).toBe(0);
    for (const bad of ['abc', '0', '1-2-3'])
      expect((await t.as(TRANS).get(`/trans/invoices?invoiceNumber=${bad}`)).json().fields, bad).toEqual({
        invoiceNumber: 'invalid_format',
      });
  });

  it('lets the database refuse a number twice for one issuer', async () => {
    const id = await registerOne({ amount: 71 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
    await expect(t.db.insert(invoices).values({ ...copy, rootId: 0 })).rejects.toThrow();
  });
});

describe('the billed month of uploaded invoices', () => {
  const conflictOf = (res: { json: () => { details?: { conflicts: unknown[] } } }) =>
    res.json().details?.conflicts;

  it('warns of a month billed already, after an upload and within one registration; registers once confirmed', async () => {
    const month = freshMonth();
    const first = await registerOne({ billedMonth: month });
    const firstNumber = (await t.db.select().from(invoices).where(eq(invoices.id, first)))[0]!.invoiceNumber;
    const count = async () => (await t.db.select().from(invoices)).length;
    const before = await count();

    // Uploaded after uploaded: 409 until the month is confirmed, with the invoice that bills it.
    const again = await register(TRANS, { projectId, invoices: [draft({ billedMonth: month })] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invoice_month_billed_unconfirmed',
      fields: { 'invoices.0.billedMonth': 'invoice_month_billed_unconfirmed' },
    });
    expect(conflictOf(again)).toEqual([
      {
        index: 0,
        billedMonth: month,
        billedBy: [{ invoiceId: first, invoiceNumber: firstNumber, billedMonth: month, source: 'UPLOAD' }],
        sameRegistration: [],
        isRefused: false,
      },
    ]);
    // Confirming another month does not confirm this one.
    const otherMonth = await register(TRANS, {
      projectId,
      invoices: [draft({ billedMonth: month })],
      confirmedBilledMonths: [freshMonth()],
    });
    expect(otherMonth.json().code).toBe('invoice_month_billed_unconfirmed');
    expect(await count()).toBe(before);

    // Two invoices of one registration for one month: the second warns of the first.
    const twin = freshMonth();
    const both = await register(
      TRANS,
      { projectId, invoices: [draft({ billedMonth: twin }), draft({ billedMonth: twin })] },
      [
        { field: 'files.0', name: 'a.pdf', content: samplePdf() },
        { field: 'files.1', name: 'b.pdf', content: samplePdf() },
      ],
    );
    expect(both.statusCode).toBe(409);
    expect(both.json().fields).toEqual({ 'invoices.1.billedMonth': 'invoice_month_billed_unconfirmed' });
    expect(conflictOf(both)).toMatchObject([{ index: 1, billedBy: [], sameRegistration: [0] }]);
    expect(await count()).toBe(before);

    const confirmed = await register(TRANS, {
      projectId,
      invoices: [draft({ billedMonth: month })],
      confirmedBilledMonths: [month],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The refused registrations spent no number: the confirmed one takes the next after the first.
    expect(confirmed.json()[0]).toMatchObject({ billedMonth: month, invoiceNumber: firstNumber + 1 });
    const billings = await t.as(TRANS).get(`/trans/invoices/month-billings?projectId=${projectId}`);
    expect(billings.statusCode).toBe(200);
    expect(billings.json().filter((b: { billedMonth: string }) => b.billedMonth === month)).toEqual([
      { invoiceId: first, invoiceNumber: firstNumber, billedMonth: month, source: 'UPLOAD' },
      {
        invoiceId: confirmed.json()[0].id,
        invoiceNumber: confirmed.json()[0].invoiceNumber,
        billedMonth: month,
        source: 'UPLOAD',
      },
    ]);
  });

  it('a correction keeps the month, billed by the new version only; the detail and the list carry it', async () => {
    const month = freshMonth();
    const id = await registerOne({ billedMonth: month });
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const v2 = await correct(TRANS, id, {
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 1234,
      keepFileIds: files.map((f: { id: number }) => f.id),
    });
    expect(v2.json()).toMatchObject({ billedMonth: month, version: 2 });
    const billings = (await t.as(TRANS).get(`/trans/invoices/month-billings?projectId=${projectId}`)).json();
    expect(billings.filter((b: { billedMonth: string }) => b.billedMonth === month)).toEqual([
      {
        invoiceId: v2.json().id,
        invoiceNumber: v2.json().invoiceNumber,
        billedMonth: month,
        source: 'UPLOAD',
      },
    ]);
    const list = (
      await t.as(TRANS).get(`/trans/invoices?projectId=${projectId}&amountMin=1234&amountMax=1234`)
    ).json<{ items: { id: number; billedMonth: string }[] }>();
    expect(list.items.find((i) => i.id === v2.json().id)?.billedMonth).toBe(month);
  });

  it("reads only the transporter's own project's months", async () => {
    expect(
      (await t.as(PLATFORM).get(`/trans/invoices/month-billings?projectId=${projectId}`)).statusCode,
    ).toBe(404);
    expect((await t.as(DIS).get(`/trans/invoices/month-billings?projectId=${projectId}`)).statusCode).toBe(
      403,
    );
    expect((await t.as(TRANS).get('/trans/invoices/month-billings?projectId=x')).statusCode).toBe(400);
  });
});

describe('the electronic bookkeeping search over kept versions', () => {
  type Item = {
    id: number;
    rootId: number;
    version: number;
    amount: number;
    supersededBy: { id: number; version: number } | null;
  };
  const search = async (who: string, q: string) => {
    const res = await t.as(who).get(`${who === TRANS ? '/trans' : ''}/invoices?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Item[]; total: number }>();
  };

  it('finds a version sent for 22,000 yen and then corrected, by amount, billing dates and counterparty, marked superseded, on both sides', async () => {
    const id = await registerOne({ amount: 22_000, billingDate: '2026-09-14', dueDate: '2026-10-31' });
    expect((await t.as(TRANS).post(`/trans/invoices/${id}/send`)).statusCode).toBe(200);
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const corrected = await correct(TRANS, id, {
      billingDate: '2026-09-30',
      dueDate: '2026-10-31',
      amount: 24_200,
      keepFileIds: files.map((f: { id: number }) => f.id),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const v2 = corrected.json<{ id: number }>().id;
    const v1 = { id, rootId: id, version: 1, amount: 22_000, supersededBy: { id: v2, version: 2 } };
    const green = await companyIdOf('株式会社グリーン商事');
    const toto = await companyIdOf('東都環境サービス株式会社');

    for (const [who, counterparty, other] of [
      [TRANS, green, toto],
      [DIS, toto, green],
    ] as const) {
      // The current versions alone do not hold it: the day's list.
      expect((await search(who, 'amountMin=22000&amountMax=22000')).total, who).toBe(0);
      // Every kept version: by amount range, by billing date range, by counterparty.
      const byAmount = await search(who, 'versions=all&amountMin=21000&amountMax=23000');
      expect(byAmount.items, who).toEqual([expect.objectContaining(v1)]);
      const byDate = await search(who, 'versions=all&billingFrom=2026-09-14&billingTo=2026-09-14');
      expect(byDate.items, who).toEqual([expect.objectContaining(v1)]);
      const byParty = await search(
        who,
        `versions=all&companyId=${counterparty}&size=100&sort=amount&order=asc`,
      );
      expect(
        byParty.items.map((i) => i.id),
        who,
      ).toEqual(expect.arrayContaining([id, v2]));
      expect(
        byParty.items.find((i) => i.id === id),
        who,
      ).toEqual(expect.objectContaining(v1));
      expect(byParty.items.find((i) => i.id === v2)!.supersededBy, who).toBeNull();
      expect(
        (await search(who, `versions=all&companyId=${other}&amountMin=22000&amountMax=22000`)).total,
      ).toBe(0);
      // The three together, as an auditor narrows it.
      const all = await search(
        who,
        `versions=all&companyId=${counterparty}&billingFrom=2026-09-01&billingTo=2026-09-30&amountMin=22000&amountMax=22000`,
      );
      expect(all.items.map((i) => i.id)).toEqual([id]);
    }
    // Its detail holds the history of both versions, for the discharger too.
    const detail = (await t.as(DIS).get(`/invoices/${id}`)).json();
    expect(detail).toMatchObject({ version: 1, supersededById: v2 });
    expect(detail.versions.map((v: { amount: number }) => v.amount)).toEqual([24_200, 22_000]);
    // Another discharger finds nothing of it.
    expect((await search(DIS2, 'versions=all&amountMin=22000&amountMax=22000')).total).toBe(0);
  });

  it('a version never sent is found by the transporter but never shown to the discharger', async () => {
    const id = await registerOne({ amount: 31_313, billingDate: '2026-08-03', dueDate: '2026-09-30' });
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const corrected = await correct(TRANS, id, {
      billingDate: '2026-08-03',
      dueDate: '2026-09-30',
      amount: 32_323,
      keepFileIds: files.map((f: { id: number }) => f.id),
    });
    const v2 = corrected.json<{ id: number }>().id;
    expect((await t.as(TRANS).post(`/trans/invoices/${v2}/send`)).statusCode).toBe(200);

    const q = 'versions=all&billingFrom=2026-08-03&billingTo=2026-08-03';
    expect((await search(TRANS, q)).items.map((i) => [i.amount, i.supersededBy?.id ?? null])).toEqual([
      [32_323, null],
      [31_313, v2],
    ]);
    expect((await search(DIS, q)).items.map((i) => i.id)).toEqual([v2]);
    expect((await search(DIS, 'versions=all&amountMin=31313&amountMax=31313')).total).toBe(0);
    expect((await t.as(DIS).get(`/invoices/${id}`)).statusCode).toBe(404);
    expect((await t.as(DIS).get(`/invoices/${v2}`)).json().versions.map((v: { id: number }) => v.id)).toEqual(
      [v2],
    );
  });

  it('keeps the overdue filter to current versions, and refuses an unknown versions value', async () => {
    const id = await registerOne({ amount: 45_454, billingDate: '2026-07-01', dueDate: '2026-07-31' });
    await t.as(TRANS).post(`/trans/invoices/${id}/send`);
    const files = (await t.as(TRANS).get(`/trans/invoices/${id}`)).json().files;
    const v2 = (
      await correct(TRANS, id, {
        billingDate: '2026-07-01',
        dueDate: '2026-07-31',
        amount: 45_455,
        keepFileIds: files.map((f: { id: number }) => f.id),
      })
    ).json<{ id: number }>().id;
    // The kept version is still BILLED and past its due date, yet only the current one is overdue.
    const overdue = await search(
      TRANS,
      'versions=all&overdue=true&billingFrom=2026-07-01&billingTo=2026-07-01',
    );
    expect(overdue.items.map((i) => i.id)).toEqual([v2]);
    expect((await search(TRANS, 'versions=all&billingFrom=2026-07-01&billingTo=2026-07-01')).total).toBe(2);
    expect((await t.as(TRANS).get('/trans/invoices?versions=old')).statusCode).toBe(400);
  });
});

async function companyIdOf(name: string): Promise<number> {
  const company = await t.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.name, name) });
  return company!.id;
}
