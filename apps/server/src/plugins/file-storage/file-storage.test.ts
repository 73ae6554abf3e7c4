import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartBody,
  samplePdf,
  samplePlainZip,
  samplePng,
  sampleXlsx,
} from '../../../test/fixtures/upload-files';
import { startS3Server } from '../../../test/s3-server';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { AppConfig } from '../../config';
import {
  attachments,
  dischargeSites,
  projectDischargeSites,
  projects,
  storedFiles,
  users,
} from '../../db/schema';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './orphan-sweep';

/**
 * The same uploads and downloads through each file storage driver: the database, a temporary folder, and a local
 * S3-compatible server. `keys()` lists what the storage holds, so "nothing stored" is checked where it matters.
 */
interface DriverCase {
  name: 'database' | 'disk' | 's3';
  setUp(): Promise<{
    config: AppConfig['fileStorage'];
    keys(t: TestContext): Promise<string[]>;
    close(): Promise<void>;
  }>;
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const cases: DriverCase[] = [
  {
    name: 'database',
    setUp: async () => ({
      config: { driver: 'database' },
      keys: async (t) => (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key),
      close: async () => {},
    }),
  },
  {
    name: 'disk',
    setUp: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'junkan-files-'));
      return {
        config: { driver: 'disk', dir },
        // Every file in the folder, the temporary ones included: a failed write leaves none.
        keys: async () => filesUnder(dir),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    setUp: async () => {
      const s3 = await startS3Server();
      return { config: { driver: 's3', s3: s3.config }, keys: () => s3.keys(), close: () => s3.close() };
    },
  },
];

const MB = 1024 * 1024;
/** A PDF of `bytes` bytes: its header, then filler (more than one database chunk, more than one S3 part). */
const pdfOf = (bytes: number) => Buffer.concat([samplePdf(), Buffer.alloc(bytes - samplePdf().length, 0x20)]);

describe.each(cases)('file storage: $name', (driverCase) => {
  let t: TestContext;
  let env: Awaited<ReturnType<DriverCase['setUp']>>;
  let greenId: number;

  beforeAll(async () => {
    env = await driverCase.setUp();
    t = await createTestApp({ fileStorage: env.config });
    greenId = (await t.db.query.users.findFirst({ where: eq(users.email, 'discharger@example.com') }))!
      .companyId!;
  });
  afterAll(async () => {
    await t?.close();
    await env?.close();
  });

  async function createDraft(): Promise<number> {
    const [project] = await t.db
      .insert(projects)
      .values({ title: '保存先テスト', status: 'CREATING_QUOTE', type: 'INDUSTRIAL', companyId: greenId })
      .returning({ id: projects.id });
    const [site] = await t.db
      .select({ id: dischargeSites.id })
      .from(dischargeSites)
      .where(eq(dischargeSites.companyId, greenId))
      .limit(1);
    await t.db.insert(projectDischargeSites).values({ projectId: project!.id, dischargeSiteId: site!.id });
    return project!.id;
  }
  const url = (projectId: number) => `/projects/${projectId}/attachments`;
  const rowsOf = (projectId: number) =>
    t.db.select().from(attachments).where(eq(attachments.ownerId, projectId));

  it('stores an upload with a Japanese name and streams it back with its headers', async () => {
    const id = await createDraft();
    const name = '見積依頼書（髙橋工業・第2版）.pdf';
    const content = pdfOf(7 * MB);
    const res = await t.as('discharger').upload(url(id), name, content);
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      fileName: name,
      size: content.length,
      storageDriver: driverCase.name,
      content: null,
    });
    expect(await env.keys(t)).toContain(
      driverCase.name === 'disk' ? row!.storageKey.split('/').join(path.sep) : row!.storageKey,
    );

    const got = await t.as('discharger').get(`${url(id)}/${row!.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(content.length));
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(Buffer.compare(got.rawPayload, content)).toBe(0);
  });

  it('refuses a file over the limit (413) while streaming, leaving nothing stored', async () => {
    const id = await createDraft();
    const before = await env.keys(t);
    const res = await t.as('discharger').upload(url(id), '大きすぎる.pdf', pdfOf(10 * MB + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('file_too_large');
    expect(await env.keys(t)).toEqual(before);
    expect(await rowsOf(id)).toEqual([]);
  });

  it.each([
    [
      'a PNG named .pdf (refused at its first bytes)',
      '偽物.pdf',
      Buffer.concat([samplePng(), Buffer.alloc(2 * MB)]),
    ],
    ['a plain zip named .xlsx (refused at its end)', '一覧.xlsx', samplePlainZip()],
  ])('refuses %s with 400 upload_file_type_error, leaving nothing stored', async (_label, name, content) => {
    const id = await createDraft();
    const before = await env.keys(t);
    const res = await t.as('discharger').upload(url(id), name, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'upload_file_type_error',
      fields: { file: 'upload_file_type_error' },
    });
    expect(await env.keys(t)).toEqual(before);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('takes a real xlsx (its directory read from the end of the stream)', async () => {
    const id = await createDraft();
    expect((await t.as('discharger').upload(url(id), '数量一覧.xlsx', sampleXlsx())).statusCode).toBe(200);
  });

  it('answers a broken multipart body (a part that never ends) 400, leaving nothing stored', async () => {
    const id = await createDraft();
    const before = await env.keys(t);
    const body = multipartBody('途中.pdf', pdfOf(MB));
    const truncated = body.payload.subarray(0, body.payload.length - 20);
    const res = await t.as('discharger').post(url(id), truncated, body.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ file: 'invalid_format' });
    expect(await env.keys(t)).toEqual(before);
  });

  it("keeps a company's file from another company (404) and deletes the object with its row", async () => {
    const id = await createDraft();
    await t.as('discharger').upload(url(id), '現場写真.pdf', samplePdf());
    const [row] = await rowsOf(id);
    expect((await t.as('discharger2').get(`${url(id)}/${row!.id}`)).statusCode).toBe(404);
    expect((await t.as('transporter').get(`${url(id)}/${row!.id}`)).statusCode).toBe(404);

    const keysBefore = await env.keys(t);
    expect((await t.as('discharger').delete(`${url(id)}/${row!.id}`)).statusCode).toBe(200);
    const keysAfter = await env.keys(t);
    expect(keysAfter).toHaveLength(keysBefore.length - 1);
    expect((await t.as('discharger').get(`${url(id)}/${row!.id}`)).statusCode).toBe(404);
  });

  it('sweeps objects a day old that no row names, keeping named and recent ones', async () => {
    const id = await createDraft();
    await t.as('discharger').upload(url(id), '残す.pdf', samplePdf());
    const [kept] = await rowsOf(id);
    // An upload whose row never committed: stored, named by nothing.
    const orphan = await t.app.files.put(t.app.files.newKey('attachments'), [samplePdf()], { maxBytes: MB });
    const storedKey = (key: string) => (driverCase.name === 'disk' ? key.split('/').join(path.sep) : key);

    // Written just now: too recent to be an orphan (an upload may still be committing its row).
    expect((await sweepOrphanFiles(t.app)).deleted).toBe(0);
    expect(await env.keys(t)).toContain(storedKey(orphan.key));

    const dayLater = Date.now() + ORPHAN_AGE_MS + 60_000;
    const swept = await sweepOrphanFiles(t.app, dayLater);
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    const keys = await env.keys(t);
    expect(keys).not.toContain(storedKey(orphan.key));
    expect(keys).toContain(storedKey(kept!.storageKey));
    expect((await t.as('discharger').get(`${url(id)}/${kept!.id}`)).statusCode).toBe(200);
    // A second sweep finds nothing more.
    expect((await sweepOrphanFiles(t.app, dayLater)).deleted).toBe(0);
  });

  it('keeps files stored in the database before the file storage readable (the migration moves them)', async () => {
    const id = await createDraft();
    const content = samplePdf();
    const [legacy] = await t.db
      .insert(attachments)
      .values({
        ownerType: 'PROJECT',
        ownerId: id,
        fileName: '昔の添付.pdf',
        mimeType: 'application/pdf',
        size: content.length,
        storageKey: 'c0ffee'.padEnd(64, '0'),
        content,
      })
      .returning({ id: attachments.id });
    const custom = readFileSync(
      fileURLToPath(new URL('../../../drizzle/custom/file-storage.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of custom.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const [moved] = await t.db.select().from(attachments).where(eq(attachments.id, legacy!.id));
    expect(moved).toMatchObject({
      storageDriver: 'database',
      storageKey: `legacy/attachment-${legacy!.id}`,
      sha256: 'c0ffee'.padEnd(64, '0'),
      content: null,
    });
    // Read through the database driver whatever driver new files go to.
    const got = await t.as('discharger').get(`${url(id)}/${legacy!.id}`);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, content)).toBe(0);
  });
});
