import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartForm,
  sampleDoc,
  sampleJpg,
  sampleMov,
  sampleMp4,
  samplePdf,
  samplePlainZip,
  samplePng,
  sampleXlsx,
} from '../../../test/fixtures/upload-files';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  attachments,
  auditLogs,
  dischargeSites,
  projectDischargeSites,
  projects,
  storedFiles,
  users,
} from '../../db/schema';

let t: TestContext;
const discharger = 'discharger';
const discharger2 = 'discharger2';
const transporter = 'transporter';
const platform = 'platform';
let greenId: number;
let totoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const companyOf = async (email: string) =>
    (await t.db.query.users.findFirst({ where: eq(users.email, email) }))!.companyId!;
  greenId = await companyOf('discharger@example.com');
  totoId = await companyOf('transporter@example.com');
});
afterAll(() => t.close());

/** A draft quote request of the demo discharger's company, made directly in the database. */
async function createDraft(companyId = greenId, status = 'CREATING_QUOTE'): Promise<number> {
  const [project] = await t.db
    .insert(projects)
    .values({ title: '添付テスト', status, type: 'INDUSTRIAL', companyId })
    .returning({ id: projects.id });
  const [site] = await t.db
    .select({ id: dischargeSites.id })
    .from(dischargeSites)
    .where(eq(dischargeSites.companyId, companyId))
    .limit(1);
  if (site)
    await t.db.insert(projectDischargeSites).values({ projectId: project!.id, dischargeSiteId: site.id });
  return project!.id;
}

const upload = (projectId: number, fileName: string, content: Buffer, user = discharger) =>
  t.as(user).upload(`/projects/${projectId}/attachments`, fileName, content);
const download = (projectId: number, attachmentId: number, user = discharger) =>
  t.as(user).get(`/projects/${projectId}/attachments/${attachmentId}`);

describe('POST /api/projects/{id}/attachments', () => {
  it.each([
    ['見積依頼書.pdf', samplePdf(), 'application/pdf'],
    ['現場写真.png', samplePng(), 'image/png'],
    ['photo.JPEG', sampleJpg(), 'image/jpeg'],
    ['数量一覧.xlsx', sampleXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['仕様書.doc', sampleDoc(), 'application/msword'],
    ['搬出経路.mp4', sampleMp4(), 'video/mp4'],
    ['搬出経路.mov', sampleMov(), 'video/quicktime'],
    // Phones save MPEG-4 as .mov and QuickTime as .mp4: the content decides, both are videos (file-content.ts).
    ['clip.mov', sampleMp4(), 'video/quicktime'],
  ])('stores %s by its content, with an audit row', async (fileName, content, mimeType) => {
    const id = await createDraft();
    const res = await upload(id, fileName, content);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ fileName, mimeType, size: content.length });
    const row = await t.db.query.attachments.findFirst({ where: eq(attachments.id, body.id) });
    expect(row).toMatchObject({ ownerType: 'PROJECT', ownerId: id, fileName });
    // The row keeps the metadata; the bytes are in the file storage (the database driver here).
    expect(row).toMatchObject({ storageDriver: 'database', content: null, size: content.length });
    expect(row!.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    const stored = await t.app.files.get({ driver: 'database', key: row!.storageKey });
    expect(Buffer.compare(Buffer.concat(await stored!.stream.toArray()), content)).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'upload_attachment'), eq(auditLogs.entityId, String(id))))
      .orderBy(desc(auditLogs.id));
    expect(audit?.detail).toMatchObject({ attachmentId: body.id, fileName });
  });

  it.each([
    ['a PNG named .pdf', 'fake.pdf', samplePng()],
    ['text named .jpg', 'fake.jpg', Buffer.from('not an image at all')],
    ['a plain zip named .xlsx', 'archive.xlsx', samplePlainZip()],
    ['a PDF named .doc', 'fake.doc', samplePdf()],
    ['an allowed content with a refused name', 'tool.exe', samplePdf()],
    ['a name without extension', 'README', samplePdf()],
  ])('refuses %s (upload_file_type_error)', async (_name, fileName, content) => {
    const id = await createDraft();
    const res = await upload(id, fileName, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'upload_file_type_error',
      fields: { file: 'upload_file_type_error' },
    });
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerId, id))).toHaveLength(0);
  });

  it('takes 4 files and refuses a 5th (MSG_28_5)', async () => {
    const id = await createDraft();
    for (const n of [1, 2, 3, 4])
      expect((await upload(id, `file${n}.pdf`, samplePdf())).statusCode).toBe(200);
    const res = await upload(id, 'file5.pdf', samplePdf());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MSG_28_5');
  });

  it('refuses a second file in one body (MSG_28_5 on its field) and keeps neither', async () => {
    const id = await createDraft();
    const body = multipartForm({}, [
      { field: 'file', name: 'a.pdf', content: samplePdf() },
      { field: 'file', name: 'b.pdf', content: samplePdf() },
    ]);
    const res = await t.as(discharger).send({
      method: 'POST',
      url: `/projects/${id}/attachments`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MSG_28_5', fields: { file: 'MSG_28_5' } });
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerId, id))).toHaveLength(0);
  });

  it('answers a body of many parts by what is wrong with it, not as a file too large', async () => {
    const id = await createDraft();
    const send = (body: ReturnType<typeof multipartForm>) =>
      t.as(discharger).send({
        method: 'POST',
        url: `/projects/${id}/attachments`,
        payload: body.payload,
        headers: body.headers,
      });
    // 2,000 text fields and no file: nothing was too large.
    const fields = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, 'x']));
    const manyFields = await send(multipartForm(fields));
    expect(manyFields.statusCode, manyFields.body).toBe(400);
    expect(manyFields.json().code).toBe('request_too_complex');
    // Ten files where the call takes one: the files' count, on the field.
    const tenFiles = Array.from({ length: 10 }, (_, i) => ({
      field: 'file',
      name: `f${i}.pdf`,
      content: samplePdf(),
    }));
    const manyFiles = await send(multipartForm({}, tenFiles));
    expect(manyFiles.statusCode, manyFiles.body).toBe(400);
    expect(manyFiles.json()).toMatchObject({ code: 'MSG_28_5', fields: { file: 'MSG_28_5' } });
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerId, id))).toHaveLength(0);
  });

  it('refuses the same name again, ignoring case and Unicode normal form', async () => {
    const id = await createDraft();
    expect((await upload(id, 'ガイド.pdf', samplePdf())).statusCode).toBe(200);
    for (const name of ['ガイド.pdf', 'ガイド.PDF', 'ガイド.pdf'.normalize('NFD')]) {
      const res = await upload(id, name, samplePdf());
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('upload_file_same_name_error');
    }
  });

  it('lets only one of two concurrent uploads of the same name through', async () => {
    const id = await createDraft();
    const results = await Promise.all([
      upload(id, 'same.pdf', samplePdf()),
      upload(id, 'same.pdf', samplePdf()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerId, id))).toHaveLength(1);
  });

  it('refuses a file over 10 MB with 413 file_too_large and accepts exactly 10 MB', async () => {
    const id = await createDraft();
    const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024 + 1 - samplePdf().length)]);
    const before = await t.db.$count(storedFiles);
    const res = await upload(id, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('file_too_large');
    expect(await t.db.$count(storedFiles)).toBe(before);
    const limit = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024 - samplePdf().length)]);
    expect((await upload(id, 'limit.pdf', limit)).statusCode).toBe(200);
  });

  it('answers 409 invalid_status_transition once the request was sent', async () => {
    const id = await createDraft(greenId, 'REQUEST_QUOTE');
    const res = await upload(id, 'late.pdf', samplePdf());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_status_transition');
  });

  it("answers 404 for another company's project and an unknown one", async () => {
    const other = await createDraft();
    expect((await upload(other, 'a.pdf', samplePdf(), discharger2)).json().code).toBe('project_not_found');
    expect((await upload(other, 'a.pdf', samplePdf(), discharger2)).statusCode).toBe(404);
    expect((await upload(999999, 'a.pdf', samplePdf())).statusCode).toBe(404);
  });

  it('lets the second discharger upload to its own draft (QUOTE_REQUEST only needs no EDI key)', async () => {
    const takahashiId = (await t.db.query.users.findFirst({
      where: eq(users.email, 'discharger2@example.com'),
    }))!.companyId!;
    const id = await createDraft(takahashiId);
    expect((await upload(id, 'a.pdf', samplePdf(), discharger2)).statusCode).toBe(200);
  });

  it('refuses transporters (403), no token (401), a body without a file (400)', async () => {
    const id = await createDraft();
    expect((await upload(id, 'a.pdf', samplePdf(), transporter)).statusCode).toBe(403);
    const anon = await t.anonymous.upload(`/projects/${id}/attachments`, 'a.pdf', samplePdf());
    expect(anon.statusCode).toBe(401);
    const json = await t.as(discharger).post(`/projects/${id}/attachments`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ file: 'MSG_00_21' });
    const bad = await upload(Number.NaN, 'a.pdf', samplePdf());
    expect(bad.statusCode).toBe(400);
  });

  it('keeps only the base name of a path the browser sent', async () => {
    const id = await createDraft();
    const res = await upload(id, 'C:\\Users\\yamada\\見積.pdf', samplePdf());
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('見積.pdf');
  });
});

describe('GET /api/projects/{id}/attachments/{attachmentId}', () => {
  it('downloads to the owner with the Japanese name (RFC 5987) and nosniff', async () => {
    const id = await createDraft();
    const content = samplePdf();
    const { id: fileId } = (await upload(id, '見積 (案) 2026.pdf', content)).json();
    const res = await download(id, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A company's file is personal data: never kept by a browser or proxy.
    expect(String(res.headers['cache-control'])).toContain('no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(encoded).not.toMatch(/[ ()]/);
    expect(decodeURIComponent(encoded)).toBe('見積 (案) 2026.pdf');
    expect(Buffer.compare(res.rawPayload, content)).toBe(0);
  });

  it('lists the files to the owner', async () => {
    const id = await createDraft();
    await upload(id, 'a.pdf', samplePdf());
    await upload(id, 'b.png', samplePng());
    const res = await t.as(discharger).get(`/projects/${id}/attachments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { fileName: string }) => a.fileName)).toEqual(['a.pdf', 'b.png']);
  });

  it('hides the file from strangers (404) and shows it to the serving transporter only', async () => {
    const id = await createDraft();
    const { id: fileId } = (await upload(id, 'a.pdf', samplePdf())).json();
    expect((await download(id, fileId, discharger2)).statusCode).toBe(404);
    expect((await download(id, fileId, transporter)).statusCode).toBe(404);
    // The request goes to Toto (the transporter's company).
    await t.db
      .update(projects)
      .set({ status: 'REQUEST_QUOTE', transportCompanyId: totoId })
      .where(eq(projects.id, id));
    const served = await download(id, fileId, transporter);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, samplePdf())).toBe(0);
    expect((await download(id, fileId, platform)).statusCode).toBe(404);
    expect((await download(id, fileId, discharger)).statusCode).toBe(200);
  });

  it('answers 404 for a file of another project and 401 without a token', async () => {
    const a = await createDraft();
    const b = await createDraft();
    const { id: fileId } = (await upload(a, 'a.pdf', samplePdf())).json();
    const res = await download(b, fileId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await t.anonymous.get(`/projects/${a}/attachments/${fileId}`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/projects/{id}/attachments/{attachmentId}', () => {
  const remove = (projectId: number, fileId: number, user = discharger) =>
    t.as(user).delete(`/projects/${projectId}/attachments/${fileId}`);

  it('deletes a file of a draft, which frees its name and its place', async () => {
    const id = await createDraft();
    const { id: fileId } = (await upload(id, 'a.pdf', samplePdf())).json();
    const res = await remove(id, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect((await download(id, fileId)).statusCode).toBe(404);
    expect((await upload(id, 'a.pdf', samplePdf())).statusCode).toBe(200);
    expect((await remove(id, fileId)).statusCode).toBe(404);
  });

  it('refuses once sent (409), for strangers (404) and transporters (403)', async () => {
    const id = await createDraft();
    const { id: fileId } = (await upload(id, 'a.pdf', samplePdf())).json();
    expect((await remove(id, fileId, discharger2)).statusCode).toBe(404);
    expect((await remove(id, fileId, transporter)).statusCode).toBe(403);
    await t.db.update(projects).set({ status: 'REQUEST_QUOTE' }).where(eq(projects.id, id));
    const res = await remove(id, fileId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_status_transition');
  });
});
