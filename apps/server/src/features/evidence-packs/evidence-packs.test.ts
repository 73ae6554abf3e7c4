import { Readable } from 'node:stream';
import type { Contract } from '@junkan/shared/api/contracts';
import type { EvidencePack } from '@junkan/shared/api/evidence-packs';
import type { ManifestDetail } from '@junkan/shared/api/manifests';
import type { Permit } from '@junkan/shared/api/permits';
import type { TransportReport } from '@junkan/shared/api/transport-reports';
import { addDays, addMonths } from '@junkan/shared/contract-rules';
import { latestDate } from '@junkan/shared/rules/retention';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, PLATFORM, TRANS } from '../../../test/fixtures/demo-data';
import { samplePdf } from '../../../test/fixtures/upload-files';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import { extractPdfText } from '../../../test/pdf-text';
import { mailBody } from '../../../test/smtp-sink';
import type { TestContext } from '../../../test/test-app';
import { parseCsv, readZip } from '../../../test/zip';
import {
  attachments,
  auditLogs,
  contracts,
  evidencePacks,
  manifests,
  permits,
  projects,
  transportReports,
  wastes,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { FILE_REFERENCES } from '../../plugins/file-storage/orphan-sweep';
import { buildEvidencePack, EVIDENCE_PACK_QUEUE, expireEvidencePacks } from './evidence-pack-build';
import { INDEX_CSV_HEADER } from './evidence-pack-index';

let net: JwnetHarness;
let t: TestContext;
let cancelled: number;
let industrial: { id: number; title: string; companyId: number; transportCompanyId: number | null };
let regular: { id: number; title: string };
let toto: number;
let platform: number;
let contract: typeof contracts.$inferSelect;
const today = tokyoDate(new Date());

/** Stores a small PDF as an attachment of `ownerType`/`ownerId`. */
async function attachPdf(ownerType: string, ownerId: number, fileName: string) {
  const stored = await t.app.files.put(t.app.files.newKey('test'), [samplePdf()], { maxBytes: 10_000 });
  await t.db.insert(attachments).values({
    ownerType,
    ownerId,
    fileName,
    mimeType: 'application/pdf',
    size: stored.size,
    storageDriver: stored.driver,
    storageKey: stored.key,
    sha256: stored.sha256,
  });
}

async function insertPermit(company: number, licenseNumber: string, issueDate: string, expiryDate: string) {
  const [plastics] = await t.db.select().from(wastes).where(eq(wastes.name, '廃プラスチック類'));
  const [row] = await t.db
    .insert(permits)
    .values({
      companyId: company,
      districtCode: '13',
      licenseNumber,
      kind: 'COLLECTION_TRANSPORT',
      issueDate,
      expiryDate,
      wasteKindIds: [plastics!.parentId ?? plastics!.id],
    })
    .returning();
  await attachPdf('PERMIT', row!.id, `${licenseNumber}.pdf`);
  return row!;
}

const request = (who: string | { token: string }, body: object) =>
  t.as(who as string).post('/evidence-packs', body);

async function requested(who: string | { token: string }, body: object): Promise<EvidencePack> {
  const res = await request(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EvidencePack>();
}

/** Runs the queued builds as a worker would. */
const build = () => t.app.jobs.runDue(EVIDENCE_PACK_QUEUE);

/** A pack of the industrial project is built and ends FAILED, with no error escaping to the process. */
async function expectPackFailsQuietly() {
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.prependListener('uncaughtException', onUncaught);
  try {
    const pack = await requested(DIS, { scope: 'PROJECT', projectId: industrial.id });
    await build();
    const failed = (await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json<EvidencePack>();
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'evidence_pack_build_failed' });
    expect(uncaught).toEqual([]);
  } finally {
    process.removeListener('uncaughtException', onUncaught);
  }
}

async function download(who: string | { token: string }, id: number) {
  const res = await t.as(who as string).get(`/evidence-packs/${id}/file`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return readZip(res.rawPayload);
}

/** The index.csv rows below the header, as objects by column. */
function indexOf(zip: Map<string, Buffer>) {
  const [header, ...rows] = parseCsv(zip.get('index.csv')!);
  expect(header).toEqual([...INDEX_CSV_HEADER]);
  return rows.map((r) => ({
    path: r[1]!,
    projectId: r[2]!,
    kind: r[4]!,
    number: r[5]!,
    date: r[6]!,
    until: r[7]!,
  }));
}

beforeAll(async () => {
  // The manifest network is there for the report's cancellation (its rules ask the network's status).
  net = await startJwnetHarness({ start: tomorrowAt('10:00'), delayMs: 1_000 });
  t = net.t;
  const [ind] = await t.db
    .select()
    .from(projects)
    .where(eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'));
  const [reg] = await t.db.select().from(projects).where(eq(projects.title, '銀座店 可燃ごみ定期回収'));
  industrial = ind!;
  regular = reg!;
  toto = await companyId(t.db, '東都環境サービス株式会社');
  platform = await companyId(t.db, 'junkan収集運搬');
  contract = (await t.db.select().from(contracts).where(eq(contracts.projectId, industrial.id)))[0]!;
  await attachPdf('CONTRACT_COMBINE', contract!.id, '委託契約書.pdf');

  // A manifest of the project carried by 東都, with one of its reports, and one carried by another transporter
  // (with its report): the discharger's pack holds both, 東都's only its own.
  const [report] = await t.db
    .select()
    .from(transportReports)
    .where(eq(transportReports.projectId, industrial.id))
    .orderBy(transportReports.id)
    .limit(1);
  const base = {
    projectId: industrial.id,
    dischargerCompanyId: industrial.companyId,
    wasteName: '廃プラスチック類',
    dischargeSiteName: '本社',
    networkStatus: 'TRANSPORT_END',
    phases: {
      reservation: { done: true, date: report!.collectTime },
      transportation: { done: true, date: report!.endDateTransport },
      processing: { done: false, date: null },
      final: { done: false, date: null },
    },
  };
  await t.db.insert(manifests).values([
    {
      ...base,
      manifestNumber: '81000000001',
      transportCompanyId: toto,
      deliveryDate: report!.collectTime,
      transportEndDate: report!.endDateTransport,
    },
    {
      ...base,
      manifestNumber: '81000000002',
      transportCompanyId: platform,
      deliveryDate: report!.collectTime,
    },
  ]);
  await t.db
    .update(transportReports)
    .set({ manifestNumber: '81000000001' })
    .where(eq(transportReports.id, report!.id));
  await t.db.insert(transportReports).values({
    ...report!,
    id: undefined,
    transportCompanyId: platform,
    manifestNumber: '81000000002',
    manifestId: null,
  });

  // Permits: 東都's in force during the contract, 東都's long expired, and the other transporter's.
  await insertPermit(
    toto,
    '01300999001',
    addDays(contract!.startDate, -300),
    addDays(contract!.endDate, 300),
  );
  await insertPermit(toto, '01300999002', '2015-04-01', '2020-03-31');
  await insertPermit(
    platform,
    '01300999003',
    addDays(contract!.startDate, -300),
    addDays(contract!.endDate, 300),
  );
});

afterAll(async () => {
  await t?.close();
  await net?.sim.close();
});

describe('a pack of one project', () => {
  let pack: EvidencePack;
  let zip: Map<string, Buffer>;

  it('is queued, built in the background with its progress, and holds the project records', async () => {
    // A report of the project is deleted (cancelled before it reached the network): kept, with who and when.
    const [second] = await t.db
      .select()
      .from(transportReports)
      .where(
        and(
          eq(transportReports.projectId, industrial.id),
          eq(transportReports.manifestNumber, '81000000001'),
        ),
      );
    cancelled = second!.id;
    const cancel = await t.as(TRANS).post(`/trans/transport-reports/${cancelled}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);

    pack = await requested(DIS, { scope: 'PROJECT', projectId: industrial.id });
    expect(pack).toMatchObject({
      scope: 'PROJECT',
      projectId: industrial.id,
      projectTitle: industrial.title,
      status: 'QUEUED',
      itemsDone: 0,
      itemsTotal: 0,
    });
    expect(await t.app.jobs.pending(EVIDENCE_PACK_QUEUE)).toHaveLength(1);

    // Seen while the ZIP is being written: BUILDING, with the files counted.
    const put = t.app.files.put.bind(t.app.files);
    let during: EvidencePack | undefined;
    t.app.files.put = async (key, body, options) => {
      if (key.startsWith('evidence-packs/'))
        during = (await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json();
      return put(key, body, options);
    };
    try {
      expect(await build()).toBe(1);
    } finally {
      t.app.files.put = put;
    }
    expect(during).toMatchObject({ status: 'BUILDING', itemsDone: 0 });
    expect(during!.itemsTotal).toBeGreaterThan(10);

    const ready = (await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json<EvidencePack>();
    expect(ready).toMatchObject({
      status: 'READY',
      itemsTotal: during!.itemsTotal,
      itemsDone: during!.itemsTotal,
    });
    expect(ready.size).toBeGreaterThan(0);
    expect(ready.expiresAt).not.toBeNull();
    expect(ready.fileName).toMatch(/^証跡パック_\d+_\d{4}-\d{2}-\d{2}\.zip$/);

    zip = await download(DIS, pack.id);
    expect([...zip.keys()].slice(0, 2)).toEqual(['index.csv', 'index.pdf']);
    expect(zip.get('index.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(zip.size).toBe(ready.itemsTotal + 2);
  });

  it("lists every file in its index: the project's manifests, reports, contract and permits in force", async () => {
    const index = indexOf(zip);
    expect(index.map((r) => r.path).sort()).toEqual(
      [...zip.keys()].filter((k) => !k.startsWith('index.')).sort(),
    );
    const reports = await t.db
      .select()
      .from(transportReports)
      .where(eq(transportReports.projectId, industrial.id));
    expect(index.filter((r) => r.kind === '運搬終了報告')).toHaveLength(reports.length);
    expect(
      index
        .filter((r) => r.kind === 'マニフェスト')
        .map((r) => r.number)
        .sort(),
    ).toEqual(['81000000001', '81000000002']);
    expect(index.filter((r) => r.kind === '契約書')).toMatchObject([
      { number: contract.name, date: `${contract.startDate}〜${contract.endDate}` },
    ]);
    expect(index.filter((r) => r.kind === '許可証の写し').map((r) => r.number)).toEqual(['01300999001']);
    expect(index.every((r) => r.kind === '許可証の写し' || r.projectId === String(industrial.id))).toBe(true);
    // The retention rule: five years on from each record's last date.
    const row = index.find((r) => r.kind === 'マニフェスト' && r.number === '81000000001')!;
    expect(row.until >= addMonths(row.date, 60)).toBe(true);
    expect(
      zip
        .get(index.find((r) => r.kind === '契約書')!.path)!
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The printed index, in Japanese: the company, the scope and the same files.
    const printed = (await extractPdfText(zip.get('index.pdf')!)).replace(/\s+/g, '');
    for (const text of [
      '証跡パック索引',
      '排出事業者：株式会社グリーン商事',
      `案件${industrial.id}「`,
      '81000000001',
      '許可証の写し',
    ])
      expect(printed).toContain(text);
  });

  it("gives every file the day its record is kept until, the day the record's own detail answers", async () => {
    const index = indexOf(zip);
    const untilOf = (kind: string, number: string) =>
      index.filter((r) => r.kind === kind && r.number === number).map((r) => r.until);
    // The printed index has the column too.
    expect((await extractPdfText(zip.get('index.pdf')!)).replace(/\s+/g, '')).toContain('保存期限');
    expect(index.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.until))).toBe(true);

    const manifest = (await t.as(DIS).get('/manifests/81000000001')).json<ManifestDetail>();
    expect(untilOf('マニフェスト', '81000000001')).toEqual([manifest.keptUntil]);
    // Its last date is its transport end, or the day it was written if later (today): five years on.
    expect(manifest.keptUntil).toBe(addMonths(latestDate(manifest.transportEndDate, today)!, 60));

    const live = await t.db
      .select({ id: transportReports.id, manifestNumber: transportReports.manifestNumber })
      .from(transportReports)
      .where(and(eq(transportReports.projectId, industrial.id), isNull(transportReports.deletedAt)));
    const unnumbered = live.find((r) => r.manifestNumber === null)!;
    const report = (await t.as(DIS).get(`/transport-reports/${unnumbered.id}`)).json<TransportReport>();
    expect(untilOf('運搬終了報告', `R${unnumbered.id}`)).toEqual([report.keptUntil]);

    const project = (await t.as(DIS).get(`/projects/${industrial.id}`)).json<{ contract: Contract }>();
    expect(index.filter((r) => r.kind === '契約書').map((r) => r.until)).toEqual([
      project.contract.keptUntil,
    ]);
    expect(project.contract.keptUntil >= addMonths(contract.endDate, 60)).toBe(true);

    const [permit] = await t.db.select().from(permits).where(eq(permits.licenseNumber, '01300999001'));
    const answered = (await t.as(TRANS).get(`/trans/permits/${permit!.id}`)).json<Permit>();
    expect(untilOf('許可証の写し', '01300999001')).toEqual([answered.keptUntil]);
    expect(answered.keptUntil).toBe(addMonths(permit!.expiryDate, 60));
  });

  it('writes each manifest with its phases and dates, and each report with its history (who, when)', async () => {
    const index = indexOf(zip);
    const manifest = parseCsv(
      zip.get(index.find((r) => r.number === '81000000001' && r.kind === 'マニフェスト')!.path)!,
    );
    expect(manifest).toContainEqual(['マニフェスト番号', '81000000001']);
    expect(manifest).toContainEqual(['状態', '運搬終了']);
    expect(manifest.find((r) => r[0] === '運搬')).toEqual([
      '運搬',
      '完了',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(manifest.find((r) => r[0] === '最終処分')).toEqual(['最終処分', '未完了', '']);

    const deleted = index.find((r) => r.kind === '運搬終了報告' && r.number === '81000000001')!;
    const report = parseCsv(zip.get(deleted.path)!);
    expect(report.find((r) => r[0] === '削除日時')?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const history = report.slice(report.findIndex((r) => r[0] === '履歴：日時') + 1);
    expect(history[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      '削除',
      expect.any(String),
      '東都環境サービス株式会社',
      '',
    ]);
  });

  it('mails the requester the link once, however often the build runs again', async () => {
    const mails = () => t.smtp.mails.filter((m) => mailBody(m.raw).includes('ご依頼の証跡パック'));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.to).toEqual([DIS]);
    expect(mailBody(mails()[0]!.raw)).toContain('http://junkan.test/sys/evidence-pack');
    await buildEvidencePack(t.app, pack.id);
    await t.db.update(evidencePacks).set({ status: 'BUILDING' }).where(eq(evidencePacks.id, pack.id));
    await buildEvidencePack(t.app, pack.id);
    await t.deliverMail();
    expect(mails()).toHaveLength(1);
    expect((await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json().status).toBe('READY');
  });

  it("is another company's 404, and the other side's too", async () => {
    for (const who of [DIS2, TRANS, PLATFORM]) {
      expect((await t.as(who).get(`/evidence-packs/${pack.id}`)).json().code, who).toBe(
        'evidence_pack_not_found',
      );
      const file = await t.as(who).get(`/evidence-packs/${pack.id}/file`);
      expect(file.statusCode, who).toBe(404);
      const list = (await t.as(who).get('/evidence-packs')).json<{ items: EvidencePack[] }>();
      expect(
        list.items.some((p) => p.id === pack.id),
        who,
      ).toBe(false);
    }
    const mine = (await t.as(DIS).get('/evidence-packs')).json<{ items: EvidencePack[]; total: number }>();
    expect(mine.items.map((p) => p.id)).toContain(pack.id);
  });

  it('expires after its days: the file is deleted and the download refused', async () => {
    const [row] = await t.db.select().from(evidencePacks).where(eq(evidencePacks.id, pack.id));
    expect(FILE_REFERENCES.some((r) => r.table === evidencePacks)).toBe(true);
    expect(await expireEvidencePacks(t.app, new Date(row!.expiresAt!.getTime() - 1000))).toMatchObject({
      expired: 0,
    });
    expect(await expireEvidencePacks(t.app, new Date(row!.expiresAt!.getTime() + 1000))).toMatchObject({
      expired: 1,
    });
    const res = await t.as(DIS).get(`/evidence-packs/${pack.id}/file`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('evidence_pack_not_ready');
    expect((await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json().status).toBe('EXPIRED');
    expect(await t.app.files.get({ driver: row!.storageDriver!, key: row!.storageKey! })).toBeNull();
  });
});

describe("a transporter's pack", () => {
  it('holds only its own side: its manifests, reports and permits, never another transporter’s', async () => {
    const pack = await requested(TRANS, { scope: 'PROJECT', projectId: industrial.id });
    await build();
    const index = indexOf(await download(TRANS, pack.id));
    expect(index.filter((r) => r.kind === 'マニフェスト').map((r) => r.number)).toEqual(['81000000001']);
    expect(index.some((r) => r.number === '81000000002')).toBe(false);
    const own = await t.db
      .select()
      .from(transportReports)
      .where(
        and(eq(transportReports.projectId, industrial.id), eq(transportReports.transportCompanyId, toto)),
      );
    expect(index.filter((r) => r.kind === '運搬終了報告')).toHaveLength(own.length);
    expect(index.filter((r) => r.kind === '許可証の写し').map((r) => r.number)).toEqual(['01300999001']);
    // The discharger's contract documents of a project it serves are its own contract's.
    expect(index.filter((r) => r.kind === '契約書')).toHaveLength(1);
    // Its pack is not the discharger's, nor the other transporter's.
    expect((await t.as(DIS).get(`/evidence-packs/${pack.id}`)).statusCode).toBe(404);
    expect((await t.as(PLATFORM).get(`/evidence-packs/${pack.id}`)).statusCode).toBe(404);
  });

  it("cannot ask for a project it does not serve, and another transporter's projects are not offered", async () => {
    const res = await request(PLATFORM, { scope: 'PROJECT', projectId: industrial.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('project_not_found');
    const offered = (await t.as(PLATFORM).get('/evidence-packs/projects')).json<{ id: number }[]>();
    expect(offered.some((p) => p.id === industrial.id)).toBe(false);
    const mine = (await t.as(TRANS).get('/evidence-packs/projects?keyword=本社倉庫')).json<
      { id: number }[]
    >();
    expect(mine.map((p) => p.id)).toEqual([industrial.id]);
  });

  it('is made by an admin acting for the transporter, as the transporter', async () => {
    const adminToken = await t.login(ADMIN);
    const acting = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${toto}/auth-token?isTransport=true`);
    expect(acting.statusCode, acting.body).toBe(200);
    const token = acting.json().token as string;
    const pack = await requested({ token }, { scope: 'PROJECT', projectId: industrial.id });
    expect((await t.as(TRANS).get(`/evidence-packs/${pack.id}`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(evidencePacks).where(eq(evidencePacks.id, pack.id));
    expect(row).toMatchObject({ companyId: toto, side: 'TRANSPORT' });
    expect(row!.actingAdminId).not.toBeNull();
    await build();
  });
});

describe('a pack of a period', () => {
  it("holds the company's projects with records in the period, the monthly regular reports included", async () => {
    const from = addMonths(today, -7);
    const pack = await requested(DIS, { scope: 'PERIOD', from, to: today });
    expect(pack).toMatchObject({ scope: 'PERIOD', from, to: today, projectId: null });
    await build();
    const zip = await download(DIS, pack.id);
    const index = indexOf(zip);
    const projectIds = new Set(index.map((r) => r.projectId).filter(Boolean));
    expect(projectIds).toEqual(new Set([String(industrial.id), String(regular.id)]));
    const monthly = index.find((r) => r.kind === '定期回収 月次報告')!;
    const rows = parseCsv(zip.get(monthly.path)!);
    expect(rows[0]).toEqual(['年月', '区分', '重量(kg)', '報告者', '登録日時', '最終更新日時']);
    expect(rows.length).toBeGreaterThan(1);
    expect(index.every((r) => r.kind !== 'マニフェスト' || (r.date >= from && r.date <= today))).toBe(true);
  });

  it('refuses a period longer than five years and a month, a reversed one, and one without records', async () => {
    const long = await request(DIS, { scope: 'PERIOD', from: '2020-01-01', to: '2025-02-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'evidence_pack_period_too_long' });
    const reversed = await request(DIS, { scope: 'PERIOD', from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.json().fields).toEqual({ to: 'invalid_period' });
    const empty = await request(DIS, { scope: 'PERIOD', from: '2001-01-01', to: '2001-12-31' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('evidence_pack_nothing_in_scope');
  });
});

describe('requests refused', () => {
  it.each([
    [{}, 'scope'],
    [{ scope: 'PROJECT' }, 'projectId'],
    [{ scope: 'PERIOD', from: '2026-01-01' }, 'to'],
    [{ scope: 'PERIOD', from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ scope: 'EVERYTHING' }, 'scope'],
  ])('bad input %j -> 400 on %s', async (body, field) => {
    const res = await request(DIS, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it("refuses another company's project, an admin as itself, and a fourth pack while three are open", async () => {
    const other = await request(DIS2, { scope: 'PROJECT', projectId: industrial.id });
    expect(other.statusCode).toBe(404);
    expect((await request(ADMIN, { scope: 'PROJECT', projectId: industrial.id })).statusCode).toBe(403);
    expect((await t.as(ADMIN).get('/evidence-packs')).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) await requested(DIS, { scope: 'PROJECT', projectId: regular.id });
    const fourth = await request(DIS, { scope: 'PROJECT', projectId: regular.id });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('evidence_pack_too_many_open');
    await build();
    await requested(DIS, { scope: 'PROJECT', projectId: regular.id });
    await build();
  });

  it('marks a pack FAILED when a stored file is gone, and an audit row records each request', async () => {
    const [doc] = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerType, 'CONTRACT_COMBINE'), eq(attachments.ownerId, contract.id)));
    await t.app.files.delete({ driver: doc!.storageDriver, key: doc!.storageKey });
    const pack = await requested(DIS, { scope: 'PROJECT', projectId: industrial.id });
    await build();
    const failed = (await t.as(DIS).get(`/evidence-packs/${pack.id}`)).json<EvidencePack>();
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'evidence_pack_build_failed' });
    expect((await t.as(DIS).get(`/evidence-packs/${pack.id}/file`)).statusCode).toBe(409);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'evidence_pack.request'), eq(auditLogs.entityId, String(pack.id))));
    expect(audits).toHaveLength(1);
  });

  it('fails the pack, not the process, when a stored file cannot be read to its end', async () => {
    const files = t.app.files;
    const get = files.get.bind(files);
    // The storage answers, then fails midway through the bytes (a lost connection, a disk error).
    files.get = async () => {
      const failing = new Readable({ read() {} });
      failing.push(Buffer.from('%PDF-1.7 partial'));
      setTimeout(() => failing.destroy(new Error('storage connection lost')), 50);
      return { stream: failing, size: null };
    };
    try {
      await expectPackFailsQuietly();
    } finally {
      files.get = get;
    }
  });

  it('fails the pack, not the process, when an entry fails before the storage starts reading', async () => {
    const [doc] = await t.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerType, 'CONTRACT_COMBINE'), eq(attachments.ownerId, contract.id)));
    await t.app.files.delete({ driver: doc!.storageDriver, key: doc!.storageKey });
    const files = t.app.files;
    const put = files.put.bind(files);
    // A storage that is slow to start (a busy database pool): the missing file's error comes first.
    files.put = async (...args: Parameters<typeof put>) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return put(...args);
    };
    try {
      await expectPackFailsQuietly();
    } finally {
      files.put = put;
    }
  });
});
