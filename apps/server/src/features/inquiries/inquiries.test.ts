import type { InquiryDetail, InquiryPage } from '@junkan/shared/api/inquiries';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import {
  multipartForm,
  sampleMov,
  sampleMp4,
  samplePdf,
  samplePng,
  sampleXlsx,
} from '../../../test/fixtures/upload-files';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { attachments, auditLogs, inquiries, inquiryHistory, storedFiles } from '../../db/schema';
import { INQUIRY_MESSAGE_OWNER } from '../inquiry-core/inquiry-records';

let t: TestContext;
let green: number;
let toto: number;

beforeAll(async () => {
  t = await createTestApp();
  green = await companyId(t.db, '株式会社グリーン商事');
  toto = await companyId(t.db, '東都環境サービス株式会社');
});
afterAll(() => t?.close());

const MB = 1024 * 1024;

interface FilePart {
  name: string;
  content: Buffer;
  field?: string;
}

/**
 * A multipart body: the `data` JSON first (as the web app sends it; none when undefined), then the files, each in
 * the `file` field unless told and declared `application/octet-stream` (the server judges a file by its name and bytes).
 */
function form(data: unknown, files: FilePart[] = []) {
  return multipartForm(
    data === undefined ? {} : { data: typeof data === 'string' ? data : JSON.stringify(data) },
    files.map((f) => ({
      field: f.field ?? 'file',
      name: f.name,
      content: f.content,
      contentType: 'application/octet-stream',
    })),
  );
}

const send = (who: string | { token: string }, url: string, data: unknown, files: FilePart[] = []) =>
  t.as(who).send({ method: 'POST', url, ...form(data, files) });

/** Opens an inquiry as a discharger (or a transporter with `/trans`). */
async function open(who = DIS, over: object = {}, files: FilePart[] = [], prefix = '') {
  const res = await send(
    who,
    `${prefix}/inquiries`,
    { subject: 'テストのお問い合わせ', content: '内容です。', importance: 'IMPORTANT', ...over },
    files,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InquiryDetail>();
}

const reply = (who: string | { token: string }, path: string, content: string, files: FilePart[] = []) =>
  send(who, `${path}/replies`, { content }, files);

const mailsTo = (email: string, from: number) => t.smtp.mails.slice(from).filter((m) => m.to.includes(email));

const objectCount = async () => (await t.db.select({ n: count() }).from(storedFiles))[0]!.n;
const inquiryFileCount = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(attachments)
      .where(eq(attachments.ownerType, INQUIRY_MESSAGE_OWNER))
  )[0]!.n;

describe('the demo inquiries', () => {
  it("lists a company's own inquiries only, in each status, newest activity first", async () => {
    const own = (await t.as(DIS).get('/inquiries')).json<InquiryPage>();
    expect(own.total).toBe(3);
    expect(own.items.every((i) => i.companyId === green && i.companyName === '株式会社グリーン商事')).toBe(
      true,
    );
    expect(new Set(own.items.map((i) => i.status))).toEqual(
      new Set(['AWAITING_RESPONSE', 'RESPONSE_RECEIVED', 'CLOSED']),
    );
    const times = own.items.map((i) => i.lastMessageAt);
    expect(times).toEqual([...times].sort().reverse());

    const trans = (await t.as(TRANS).get('/trans/inquiries')).json<InquiryPage>();
    expect(trans.items.map((i) => i.companyId)).toEqual([toto, toto]);
    expect((await t.as(DIS2).get('/inquiries')).json<InquiryPage>().total).toBe(0);
    expect((await t.as(PLATFORM).get('/trans/inquiries')).json<InquiryPage>().total).toBe(0);
  });

  it('holds the whole history of each: who, which side, when, what', async () => {
    const closed = (await t.as(DIS).get('/inquiries?status=CLOSED')).json<InquiryPage>().items[0]!;
    const detail = (await t.as(DIS).get(`/inquiries/${closed.id}`)).json<InquiryDetail>();
    expect(detail.inquiryHistoryDtos.map((h) => [h.kind, h.userRoles[0]!.role, h.userName])).toEqual([
      ['MESSAGE', 'WASTE', '山田 太郎'],
      ['MESSAGE', 'ADMIN', '運営管理者'],
      ['MESSAGE', 'WASTE', '山田 太郎'],
      ['CLOSED', 'WASTE', '山田 太郎'],
    ]);
    expect(detail).toMatchObject({
      company: { name: '株式会社グリーン商事' },
      username: '山田 太郎',
      actions: ['DELETE'],
    });
  });

  it('lets support see every company, filtered by status, side and words', async () => {
    const all = (await t.as(ADMIN).get('/admin/inquiries')).json<InquiryPage>();
    expect(new Set(all.items.map((i) => i.companyId))).toEqual(new Set([green, toto]));
    const transport = (await t.as(ADMIN).get('/admin/inquiries?companyType=TRANSPORT')).json<InquiryPage>();
    expect(transport.items.every((i) => i.companyType === 'TRANSPORT')).toBe(true);
    expect(transport.total).toBe(2);
    const byCompany = (await t.as(ADMIN).get(`/admin/inquiries?query=${encodeURIComponent('東都')}`)).json();
    expect(byCompany.total).toBe(2);
    const bySubject = (await t.as(DIS).get(`/inquiries?query=${encodeURIComponent('請求書')}`)).json();
    expect(bySubject.items.map((i: { subject: string }) => i.subject)).toEqual(['請求書の送付先']);
    const id = bySubject.items[0].id as number;
    const byId = (await t.as(DIS).get(`/inquiries?query=${String(id).padStart(5, '0')}`)).json<InquiryPage>();
    expect(byId.items.map((i) => i.id)).toEqual([id]);
    // A company's words never reach another company's inquiries, whatever they name.
    expect((await t.as(DIS).get(`/inquiries?query=${encodeURIComponent('東都')}`)).json().total).toBe(0);
    const important = (
      await t.as(ADMIN).get('/admin/inquiries?sort=importance&order=desc')
    ).json<InquiryPage>();
    expect(important.items[0]!.importance).toBe('MOST_IMPORTANT');
  });

  it('pages on the server', async () => {
    const first = (await t.as(ADMIN).get('/admin/inquiries?size=2&sort=id&order=asc')).json<InquiryPage>();
    const second = (
      await t.as(ADMIN).get('/admin/inquiries?size=2&page=2&sort=id&order=asc')
    ).json<InquiryPage>();
    expect(first.items).toHaveLength(2);
    expect(second.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    expect(second.total).toBe(first.total);
  });

  it.each([
    ['/inquiries?size=1000', 'size'],
    ['/inquiries?status=OPEN', 'status'],
    ['/inquiries?sort=subject', 'sort'],
    [`/inquiries?query=${'x'.repeat(65)}`, 'query'],
  ])('refuses %s (400 on %s)', async (url, field) => {
    const res = await t.as(DIS).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeDefined();
  });
});

describe('opening an inquiry', () => {
  it('stores it with its file as the first message, mails support, and serves the file back', async () => {
    const before = t.smtp.mails.length;
    const created = await open(DIS, {}, [{ name: '現場写真.pdf', content: samplePdf() }]);
    expect(created).toMatchObject({
      status: 'AWAITING_RESPONSE',
      importance: 'IMPORTANT',
      lastSide: 'WASTE',
      companyId: green,
      fileCount: 1,
      actions: ['REPLY', 'CLOSE', 'DELETE'],
    });
    const [first] = created.inquiryHistoryDtos;
    expect(first).toMatchObject({ kind: 'MESSAGE', content: '内容です。', userRoles: [{ role: 'WASTE' }] });
    expect(first!.files.map((f) => [f.fileName, f.mimeType])).toEqual([['現場写真.pdf', 'application/pdf']]);
    const file = await t.as(DIS).get(`/inquiries/${created.id}/files/${first!.files[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(samplePdf())).toBe(true);
    expect(
      (await t.as(ADMIN).get(`/admin/inquiries/${created.id}/files/${first!.files[0]!.id}`)).statusCode,
    ).toBe(200);
    const mails = mailsTo('admin@example.com', before);
    expect(mails).toHaveLength(1);
    expect(mailBody(mails[0]!.raw)).toContain(`/sys/inquiry-admin?open=${created.id}`);
    expect(mailsTo('discharger@example.com', before)).toHaveLength(0);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'inquiry'), eq(auditLogs.entityId, String(created.id))));
    expect(audit.map((a) => a.action)).toEqual(['inquiry.open']);
  });

  it('opens one without a file, BLANK unless an importance is chosen', async () => {
    const created = await open(DIS, { importance: undefined });
    expect(created).toMatchObject({ importance: 'BLANK', fileCount: 0 });
  });

  it.each([
    ['video.mp4', sampleMp4()],
    ['clip.MOV', sampleMov()],
    ['一覧.xlsx', sampleXlsx()],
    ['photo.png', samplePng()],
  ])('takes a %s', async (name, content) => {
    const created = await open(DIS, {}, [{ name, content }]);
    expect(created.inquiryHistoryDtos[0]!.files.map((f) => f.fileName)).toEqual([name]);
  });

  it("opens a transporter's for its company, out of the discharger's sight", async () => {
    const created = await open(TRANS, { subject: '運搬の相談' }, [], '/trans');
    expect(created).toMatchObject({ companyId: toto, companyType: 'TRANSPORT', status: 'AWAITING_RESPONSE' });
    expect((await t.as(DIS).get(`/inquiries/${created.id}`)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(`/trans/inquiries/${created.id}`)).statusCode).toBe(404);
    expect((await t.as(ADMIN).get(`/admin/inquiries/${created.id}`)).statusCode).toBe(200);
  });

  it.each([
    [{ content: '   ' }, 'content', 'MSG_00_21'],
    [{ content: 'あ'.repeat(513) }, 'content', 'max_length_exceeded'],
    [{ subject: '' }, 'subject', 'MSG_00_21'],
    [{ subject: 'あ'.repeat(101) }, 'subject', 'max_length_exceeded'],
    [{ importance: 'URGENT' }, 'importance', 'invalid_format'],
  ])('refuses %j (400 %s %s), storing nothing', async (over, field, code) => {
    const [before, objects] = [await inquiryCount(), await objectCount()];
    const res = await send(DIS, '/inquiries', { subject: '件名', content: '本文', ...over }, [
      { name: 'a.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(code);
    expect(await inquiryCount()).toBe(before);
    expect(await objectCount()).toBe(objects);
  });

  it('takes 512 characters', async () => {
    const created = await open(DIS, { content: 'あ'.repeat(512) });
    expect(created.content).toHaveLength(512);
  });

  it.each([
    [
      'a file that is no allowed kind',
      [{ name: 'tool.exe', content: samplePdf() }],
      400,
      'upload_file_type_error',
    ],
    ['a png named .pdf', [{ name: 'a.pdf', content: samplePng() }], 400, 'upload_file_type_error'],
    [
      'two files',
      [
        { name: 'a.pdf', content: samplePdf() },
        { name: 'b.pdf', content: samplePdf() },
      ],
      400,
      'MSG_28_5',
    ],
    [
      'a file under another field',
      [{ name: 'a.pdf', content: samplePdf(), field: 'files' }],
      400,
      'invalid_format',
    ],
  ])('refuses %s, storing nothing', async (_label, files, status, code) => {
    const [before, objects] = [await inquiryCount(), await objectCount()];
    const res = await send(DIS, '/inquiries', { subject: '件名', content: '本文' }, files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await inquiryCount()).toBe(before);
    expect(await objectCount()).toBe(objects);
  });

  it('refuses a body without data, and one that is not multipart', async () => {
    expect(
      (await send(DIS, '/inquiries', undefined, [{ name: 'a.pdf', content: samplePdf() }])).statusCode,
    ).toBe(400);
    const json = await t.as(DIS).post('/inquiries', { subject: 'a', content: 'b' });
    expect(json.statusCode).toBe(400);
  });
});

const inquiryCount = async () => (await t.db.select({ n: count() }).from(inquiries))[0]!.n;

describe('replying: the status follows who spoke last, and the other side is mailed', () => {
  it('support answers (RESPONSE_RECEIVED, the company mailed), the company answers back (AWAITING_RESPONSE)', async () => {
    const created = await open();
    let before = t.smtp.mails.length;
    const answered = await reply(ADMIN, `/admin/inquiries/${created.id}`, '確認して折り返します。', [
      { name: '手順.pdf', content: samplePdf() },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<InquiryDetail>()).toMatchObject({
      status: 'RESPONSE_RECEIVED',
      lastSide: 'ADMIN',
      actions: ['REPLY', 'CLOSE', 'DELETE', 'SET_IMPORTANCE'],
    });
    const toCompany = mailsTo('discharger@example.com', before);
    expect(toCompany).toHaveLength(1);
    expect(mailBody(toCompany[0]!.raw)).toContain(`/sys/inquiry?open=${created.id}`);
    expect(mailsTo('admin@example.com', before)).toHaveLength(0);
    // The other discharger company hears nothing.
    expect(mailsTo('discharger2@example.com', before)).toHaveLength(0);

    const seen = (await t.as(DIS).get(`/inquiries/${created.id}`)).json<InquiryDetail>();
    expect(seen.inquiryHistoryDtos.map((h) => [h.userRoles[0]!.role, h.content, h.files.length])).toEqual([
      ['WASTE', '内容です。', 0],
      ['ADMIN', '確認して折り返します。', 1],
    ]);
    expect(seen.actions).toEqual(['REPLY', 'CLOSE', 'DELETE']);

    before = t.smtp.mails.length;
    const back = await reply(DIS, `/inquiries/${created.id}`, 'お願いします。');
    expect(back.json<InquiryDetail>()).toMatchObject({ status: 'AWAITING_RESPONSE', lastSide: 'WASTE' });
    expect(mailsTo('admin@example.com', before)).toHaveLength(1);
    expect(mailsTo('discharger@example.com', before)).toHaveLength(0);
  });

  it("mails a transporter's company when support answers it", async () => {
    const created = await open(TRANS, {}, [], '/trans');
    const before = t.smtp.mails.length;
    expect((await reply(ADMIN, `/admin/inquiries/${created.id}`, '回答します。')).statusCode).toBe(200);
    expect(mailsTo('transporter@example.com', before)).toHaveLength(1);
    expect(mailsTo('platform@example.com', before)).toHaveLength(0);
    const back = await reply(TRANS, `/trans/inquiries/${created.id}`, '了解です。');
    expect(back.json()).toMatchObject({ status: 'AWAITING_RESPONSE' });
  });

  it('refuses a name the inquiry already holds, in any message, and stores nothing', async () => {
    const created = await open(DIS, {}, [{ name: '資料.pdf', content: samplePdf() }]);
    const objects = await objectCount();
    const res = await reply(ADMIN, `/admin/inquiries/${created.id}`, '再送', [
      { name: '資料.PDF', content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'upload_file_same_name_error',
      fields: { file: 'upload_file_same_name_error' },
    });
    expect(await objectCount()).toBe(objects);
    expect(
      (await t.as(DIS).get(`/inquiries/${created.id}`)).json<InquiryDetail>().inquiryHistoryDtos,
    ).toHaveLength(1);
  });

  it('refuses files over 100 MB together (max_100MB_upload, 413), before storing them', async () => {
    const created = await open(DIS, {}, [{ name: 'a.pdf', content: samplePdf() }]);
    // The inquiry's file says it holds 99.9 MB: the rule reads the sizes, not the bytes.
    await t.db
      .update(attachments)
      .set({ size: 100 * MB - 100 })
      .where(eq(attachments.id, created.inquiryHistoryDtos[0]!.files[0]!.id));
    const objects = await objectCount();
    const files = await inquiryFileCount();
    const res = await reply(DIS, `/inquiries/${created.id}`, '追加の写真です', [
      { name: 'b.png', content: Buffer.concat([samplePng(), Buffer.alloc(200)]) },
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'max_100MB_upload', fields: { file: 'max_100MB_upload' } });
    expect(await objectCount()).toBe(objects);
    expect(await inquiryFileCount()).toBe(files);
    // A file that fits what is left still goes in.
    const small = await reply(DIS, `/inquiries/${created.id}`, '小さい写真です', [
      { name: 'c.png', content: samplePng() },
    ]);
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json<InquiryDetail>().filesTotalBytes).toBe(100 * MB - 100 + samplePng().length);
  });

  it('refuses a blank or too long reply', async () => {
    const created = await open();
    for (const [content, code] of [
      ['  ', 'MSG_00_21'],
      ['あ'.repeat(513), 'max_length_exceeded'],
    ] as const) {
      const res = await reply(DIS, `/inquiries/${created.id}`, content);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.content).toBe(code);
    }
  });
});

describe('closing and deleting', () => {
  it('a discharger marks it solved; nobody writes to it afterwards', async () => {
    const created = await open();
    await reply(ADMIN, `/admin/inquiries/${created.id}`, '回答です。');
    const solved = await t.as(DIS).post(`/inquiries/${created.id}/close`);
    expect(solved.statusCode).toBe(200);
    expect(solved.json<InquiryDetail>()).toMatchObject({ status: 'CLOSED', actions: ['DELETE'] });
    expect(solved.json<InquiryDetail>().inquiryHistoryDtos.at(-1)).toMatchObject({
      kind: 'CLOSED',
      userRoles: [{ role: 'WASTE' }],
    });
    const objects = await objectCount();
    for (const [who, path] of [
      [DIS, `/inquiries/${created.id}`],
      [ADMIN, `/admin/inquiries/${created.id}`],
    ] as const) {
      const res = await reply(who, path, 'まだあります', [{ name: 'z.pdf', content: samplePdf() }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('inquiry_closed');
      expect((await t.as(who).post(`${path}/close`)).json().code).toBe('inquiry_closed');
    }
    expect(await objectCount()).toBe(objects);
    expect((await t.as(ADMIN).get(`/admin/inquiries/${created.id}`)).json().actions).toEqual([
      'DELETE',
      'SET_IMPORTANCE',
    ]);
  });

  it('a transporter closes and deletes its own; support closes too', async () => {
    const a = await open(TRANS, {}, [], '/trans');
    expect((await t.as(TRANS).post(`/trans/inquiries/${a.id}/close`)).json().status).toBe('CLOSED');
    expect((await t.as(TRANS).delete(`/trans/inquiries/${a.id}`)).json()).toEqual({ result: true });
    expect((await t.as(TRANS).get(`/trans/inquiries/${a.id}`)).statusCode).toBe(404);
    const b = await open(TRANS, {}, [], '/trans');
    expect((await t.as(ADMIN).post(`/admin/inquiries/${b.id}/close`)).json().status).toBe('CLOSED');
  });

  it('a discharger cancels (deletes) one: gone from every list and detail, its history kept', async () => {
    const created = await open(DIS, {}, [{ name: 'x.pdf', content: samplePdf() }]);
    const fileId = created.inquiryHistoryDtos[0]!.files[0]!.id;
    const res = await t.as(DIS).delete(`/inquiries/${created.id}`);
    expect(res.statusCode).toBe(200);
    for (const [who, path] of [
      [DIS, '/inquiries'],
      [ADMIN, '/admin/inquiries'],
    ] as const) {
      expect((await t.as(who).get(`${path}/${created.id}`)).statusCode).toBe(404);
      expect((await t.as(who).get(`${path}/${created.id}/files/${fileId}`)).statusCode).toBe(404);
      const list = (await t.as(who).get(`${path}?size=100`)).json<InquiryPage>();
      expect(list.items.map((i) => i.id)).not.toContain(created.id);
    }
    expect((await t.as(DIS).delete(`/inquiries/${created.id}`)).statusCode).toBe(404);
    const row = await t.db.query.inquiries.findFirst({ where: eq(inquiries.id, created.id) });
    expect(row!.deletedAt).not.toBeNull();
    const history = await t.db
      .select()
      .from(inquiryHistory)
      .where(eq(inquiryHistory.inquiryId, created.id))
      .orderBy(asc(inquiryHistory.id));
    expect(history.map((h) => h.kind)).toEqual(['MESSAGE', 'DELETED']);
    expect(await t.db.query.attachments.findFirst({ where: eq(attachments.id, fileId) })).toBeDefined();
  });

  it('support deletes any company’s', async () => {
    const created = await open(TRANS, {}, [], '/trans');
    expect((await t.as(ADMIN).delete(`/admin/inquiries/${created.id}`)).statusCode).toBe(200);
    expect((await t.as(TRANS).get(`/trans/inquiries/${created.id}`)).statusCode).toBe(404);
  });
});

describe('importance', () => {
  it('support sets it, written into the history; the companies cannot', async () => {
    const created = await open(DIS, { importance: 'BLANK' });
    const res = await t
      .as(ADMIN)
      .put(`/admin/inquiries/${created.id}/importance`, { importance: 'MOST_IMPORTANT' });
    expect(res.statusCode).toBe(200);
    expect(res.json<InquiryDetail>().importance).toBe('MOST_IMPORTANT');
    expect(res.json<InquiryDetail>().inquiryHistoryDtos.at(-1)).toMatchObject({
      kind: 'IMPORTANCE',
      importance: 'MOST_IMPORTANT',
      userRoles: [{ role: 'ADMIN' }],
    });
    expect((await t.as(DIS).get(`/inquiries/${created.id}`)).json().importance).toBe('MOST_IMPORTANT');
    const bad = await t.as(ADMIN).put(`/admin/inquiries/${created.id}/importance`, { importance: 'HIGH' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.importance).toBe('invalid_format');
    for (const who of [DIS, TRANS])
      expect(
        (await t.as(who).put(`/admin/inquiries/${created.id}/importance`, { importance: 'BLANK' }))
          .statusCode,
      ).toBe(403);
  });
});

describe('whose inquiry', () => {
  it("another company's inquiry is 404 on every call, never its data", async () => {
    const created = await open(DIS, {}, [{ name: 'secret.pdf', content: samplePdf() }]);
    const fileId = created.inquiryHistoryDtos[0]!.files[0]!.id;
    const calls = [
      { method: 'GET', url: `/inquiries/${created.id}` },
      { method: 'GET', url: `/inquiries/${created.id}/files/${fileId}` },
      { method: 'POST', url: `/inquiries/${created.id}/close` },
      { method: 'DELETE', url: `/inquiries/${created.id}` },
      { method: 'POST', url: `/inquiries/${created.id}/replies`, ...form({ content: 'x' }) },
      {
        method: 'POST',
        url: `/inquiries/${created.id}/replies`,
        ...form({ content: 'x' }, [{ name: 'q.pdf', content: samplePdf() }]),
      },
    ] as const;
    const objects = await objectCount();
    for (const call of calls) {
      const res = await t.as(DIS2).send(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    expect(await objectCount()).toBe(objects);
    expect((await t.as(DIS).get(`/inquiries/${created.id}`)).json().status).toBe('AWAITING_RESPONSE');
  });

  it('keeps each side to its own calls', async () => {
    const created = await open();
    expect((await t.as(TRANS).get('/inquiries')).statusCode).toBe(403);
    expect((await t.as(TRANS).get(`/inquiries/${created.id}`)).statusCode).toBe(403);
    expect((await t.as(DIS).get('/trans/inquiries')).statusCode).toBe(403);
    expect((await t.as(DIS).get('/admin/inquiries')).statusCode).toBe(403);
    expect((await t.as(DIS).post(`/admin/inquiries/${created.id}/close`)).statusCode).toBe(403);
    // Support answers through its own calls, not as a company.
    expect((await t.as(ADMIN).get('/inquiries')).statusCode).toBe(403);
    expect((await t.anonymous.get('/inquiries')).statusCode).toBe(401);
  });

  it('an admin acting for the discharger writes for the company, recorded behind it', async () => {
    const token = (await t.as(ADMIN).post(`/admin/companies/${green}/auth-token?isTransport=false`)).json()
      .token;
    const created = await open(DIS);
    await reply(ADMIN, `/admin/inquiries/${created.id}`, '回答です。');
    const res = await reply({ token }, `/inquiries/${created.id}`, '代理で返信します。');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InquiryDetail>()).toMatchObject({ status: 'AWAITING_RESPONSE', lastSide: 'WASTE' });
    expect(res.json<InquiryDetail>().inquiryHistoryDtos.at(-1)!.userRoles).toEqual([
      { role: 'WASTE' },
      { role: 'ADMIN' },
    ]);
    // The acting admin still has support's own view.
    expect((await t.as({ token }).get(`/admin/inquiries/${created.id}`)).statusCode).toBe(200);
  });
});
