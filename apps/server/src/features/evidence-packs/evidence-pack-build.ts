/**
 * Building an evidence pack in the background: a job of the engine per pack (`evidence-pack-build`, one at a time
 * per pack), claimed by one process. The build counts the pack's files, then streams the ZIP (yazl) straight into
 * the file storage, each entry opened only when its turn comes, so neither the ZIP nor a file is ever held whole;
 * the progress (files written of the total) is written as it goes, for the page to poll. A ready pack mails its
 * requester once (a compare-and-set on `mailed_at`); a daily job expires packs after EVIDENCE_PACK_KEEP_DAYS and
 * deletes their files.
 */
import { Readable } from 'node:stream';
import { appLink, paths } from '@junkan/shared/paths';
import { EVIDENCE_PACK_KEEP_DAYS } from '@junkan/shared/rules/evidence-pack';
import { and, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import type { Tx } from '../../db/client';
import { evidencePacks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { PackItem, PackPlan, PackRow } from './evidence-pack-contents';
import { japanDateTime, manifestCsv, regularReportsCsv, reportCsv } from './evidence-pack-documents';
import { indexCsv, renderIndexPdf, scopeText } from './evidence-pack-index';
import { planEvidencePack } from './evidence-pack-plan';

export const EVIDENCE_PACK_QUEUE = 'evidence-pack-build';
export const EVIDENCE_PACK_EXPIRY_JOB = 'evidence-pack-expiry';
/** The largest ZIP a pack may grow to (ZIP64 past 4 GB is written by yazl as needed). */
export const EVIDENCE_PACK_MAX_BYTES = 8 * 1024 ** 3;
/** A build whose row has not moved for this long was lost (its process died and its job is gone): failed. */
const STALLED_MS = 6 * 60 * 60 * 1000;
/** Progress is written at most this often, and at every tenth of the total. */
const PROGRESS_EVERY_MS = 1000;

const source = systemSource('evidence-pack');

/** The ZIP's download name: `証跡パック_12_2026-05-01.zip`. */
export const packFileName = (pack: Pick<PackRow, 'id' | 'createdAt'>) =>
  `証跡パック_${pack.id}_${tokyoDate(pack.createdAt)}.zip`;

async function openItem(app: FastifyInstance, pack: PackRow, item: PackItem): Promise<Readable> {
  const s = item.source;
  switch (s.type) {
    case 'stored': {
      const object = await app.files.get(s.ref);
      if (!object) throw new AppError('evidence_pack_build_failed', `stored file ${s.ref.key} is missing`);
      return object.stream;
    }
    case 'manifest':
      return Readable.from([Buffer.from(await manifestCsv(app.db, s.id))]);
    case 'report':
      return Readable.from([Buffer.from(await reportCsv(app.db, s.id))]);
    case 'regular':
      return Readable.from([Buffer.from(await regularReportsCsv(app.db, pack, s))]);
  }
}

/**
 * Streams the pack's ZIP into the file storage: the index first (it is known from the plan), then each item,
 * opened lazily in turn. `onItem` is told as each item's bytes have gone through.
 */
async function writeZip(
  app: FastifyInstance,
  pack: PackRow,
  plan: PackPlan,
  onItem: () => void,
): Promise<{ driver: 'database' | 'disk' | 's3'; key: string; size: number }> {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const output = zip.outputStream as Readable;
  const mtime = app.now();
  // A failed entry (a missing file, a query) ends the output with its error, so the storage write fails too.
  zip.on('error', (err: Error) => output.destroy(err));
  // The storage write reads that error from the stream when it starts reading, which may be after the error (a
  // driver first writes its own row); until then an 'error' event with no listener would crash the process.
  output.on('error', () => {});
  const put = app.files.put(app.files.newKey('evidence-packs'), output, {
    maxBytes: EVIDENCE_PACK_MAX_BYTES,
    contentType: 'application/zip',
  });
  // A storage failure (the size limit, the driver) stops the ZIP too: no entry is opened for nothing.
  put.catch((err: unknown) => output.destroy(err as Error));
  try {
    zip.addBuffer(Buffer.from(indexCsv(plan)), 'index.csv', { mtime });
    zip.addBuffer(await renderIndexPdf(pack, plan, mtime), 'index.pdf', { mtime, compress: false });
    for (const item of plan.items)
      zip.addReadStreamLazy(
        item.path,
        // Stored PDFs are compressed already; the CSVs are text.
        { mtime, compress: item.source.type !== 'stored' },
        (cb) => {
          openItem(app, pack, item).then(
            (stream) => {
              // yazl pipes an entry without listening for its errors: a read failing midway (the storage gone)
              // fails the pack rather than the process, and the ZIP does not wait for bytes that never come.
              stream.once('error', (err: Error) => output.destroy(err));
              stream.once('end', onItem);
              cb(null, stream);
            },
            (err: Error) => cb(err, undefined as never),
          );
        },
      );
    zip.end();
  } catch (error) {
    output.destroy(error as Error);
    await put.catch(() => {});
    throw error;
  }
  const stored = await put;
  return { driver: stored.driver, key: stored.key, size: stored.size };
}

/** Claims the pack for building: QUEUED, or BUILDING again when an earlier attempt's process died. */
async function claim(app: FastifyInstance, packId: number): Promise<PackRow | null> {
  const [row] = await app.db
    .update(evidencePacks)
    .set({ status: 'BUILDING', itemsDone: 0, startedAt: app.now(), updatedAt: app.now() })
    .where(and(eq(evidencePacks.id, packId), inArray(evidencePacks.status, ['QUEUED', 'BUILDING'])))
    .returning();
  return row ?? null;
}

async function progress(
  app: FastifyInstance,
  packId: number,
  values: { itemsDone?: number; itemsTotal?: number },
) {
  await app.db
    .update(evidencePacks)
    .set({ ...values, updatedAt: app.now() })
    .where(and(eq(evidencePacks.id, packId), eq(evidencePacks.status, 'BUILDING')));
}

/** Builds one pack: its job's handler. A failure marks it FAILED with a code (the user may ask again). */
export async function buildEvidencePack(app: FastifyInstance, packId: number): Promise<void> {
  const pack = await claim(app, packId);
  if (!pack) return;
  let stored: Awaited<ReturnType<typeof writeZip>> | null = null;
  try {
    const plan = await planEvidencePack(app.db, pack);
    const total = plan.items.length;
    await progress(app, pack.id, { itemsTotal: total, itemsDone: 0 });
    let done = 0;
    let written = 0;
    let writtenAt = performance.now();
    let pending: Promise<void> = Promise.resolve();
    const onItem = () => {
      done++;
      const due =
        done - written >= Math.max(1, Math.ceil(total / 10)) ||
        performance.now() - writtenAt >= PROGRESS_EVERY_MS;
      if (!due || done === total) return;
      written = done;
      writtenAt = performance.now();
      const itemsDone = done;
      pending = pending.then(() => progress(app, pack.id, { itemsDone })).catch(() => {});
    };
    stored = await writeZip(app, pack, plan, onItem);
    await pending;
    await finishReady(app, pack, stored, plan);
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'evidence_pack_build_failed';
    app.log.error({ err: error, packId }, 'evidence pack not built');
    if (stored) await app.files.deleteQuietly([stored], app.log);
    await app.db
      .update(evidencePacks)
      .set({ status: 'FAILED', errorCode: code, finishedAt: app.now(), updatedAt: app.now() })
      .where(and(eq(evidencePacks.id, packId), eq(evidencePacks.status, 'BUILDING')));
  }
}

/** READY with its file, and the requester's mail, in one transaction; the mail only if not written before. */
async function finishReady(
  app: FastifyInstance,
  pack: PackRow,
  stored: { driver: 'database' | 'disk' | 's3'; key: string; size: number },
  plan: PackPlan,
) {
  const total = plan.items.length;
  const now = app.now();
  const expiresAt = new Date(now.getTime() + EVIDENCE_PACK_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const ready = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(evidencePacks)
      .set({
        status: 'READY',
        itemsDone: total,
        itemsTotal: total,
        size: stored.size,
        storageDriver: stored.driver,
        storageKey: stored.key,
        finishedAt: now,
        expiresAt,
        updatedAt: now,
      })
      .where(and(eq(evidencePacks.id, pack.id), eq(evidencePacks.status, 'BUILDING')))
      .returning();
    if (!row) return false;
    const [mailed] = await tx
      .update(evidencePacks)
      .set({ mailedAt: now })
      .where(and(eq(evidencePacks.id, pack.id), isNull(evidencePacks.mailedAt)))
      .returning({ id: evidencePacks.id });
    if (mailed) await mailReady(app, tx, row, plan);
    await recordAudit(tx, source, {
      action: 'evidence_pack.ready',
      entity: 'evidence_pack',
      entityId: pack.id,
      detail: { items: total, size: stored.size },
    });
    return true;
  });
  // Expired or failed meanwhile: the file has no row to name it.
  if (!ready) await app.files.deleteQuietly([stored], app.log);
}

async function mailReady(app: FastifyInstance, tx: Tx, pack: PackRow, plan: PackPlan) {
  const total = plan.items.length;
  const [user] = await tx
    .select({ email: users.email, enabled: users.enabled, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, pack.requestedBy));
  if (!user?.enabled || user.deletedAt) return;
  const scope = scopeText(pack, plan);
  const until = japanDateTime(pack.expiresAt);
  const link = appLink(app.config.publicUrl, paths.evidencePack.to());
  await app.mailer.send(
    {
      to: user.email,
      subject: '【junkan】証跡パックの準備ができました / Your evidence pack is ready',
      text: [
        'ご依頼の証跡パック（マニフェスト・運搬終了報告・契約書・許可証の写しと索引）の準備ができました。',
        '次のページからダウンロードしてください。',
        '',
        `対象: ${scope}`,
        `ファイル数: ${total}件`,
        `ダウンロード期限: ${until}`,
        '',
        link,
        '',
        '---',
        `Your evidence pack (${total} files and the index) is ready. Download it from the page above by ${until}.`,
      ].join('\n'),
    },
    { tx },
  );
}

/**
 * The daily clean-up: ready packs past their time become EXPIRED (a compare-and-set each) and their files are
 * deleted after the commit; packs whose build stalled (no progress for hours: its process died and its job with
 * it) become FAILED.
 */
export async function expireEvidencePacks(app: FastifyInstance, now: Date = app.now()) {
  const due = await app.db
    .select({ id: evidencePacks.id, driver: evidencePacks.storageDriver, key: evidencePacks.storageKey })
    .from(evidencePacks)
    .where(and(eq(evidencePacks.status, 'READY'), lte(evidencePacks.expiresAt, now)));
  let expired = 0;
  for (const pack of due) {
    const [row] = await app.db
      .update(evidencePacks)
      .set({ status: 'EXPIRED', storageDriver: null, storageKey: null, updatedAt: now })
      .where(and(eq(evidencePacks.id, pack.id), eq(evidencePacks.status, 'READY')))
      .returning({ id: evidencePacks.id });
    if (!row) continue;
    expired++;
    if (pack.driver && pack.key)
      await app.files.deleteQuietly([{ driver: pack.driver, key: pack.key }], app.log);
  }
  const stalled = await app.db
    .update(evidencePacks)
    .set({ status: 'FAILED', errorCode: 'evidence_pack_build_failed', finishedAt: now, updatedAt: now })
    .where(
      and(
        inArray(evidencePacks.status, ['QUEUED', 'BUILDING']),
        lt(evidencePacks.updatedAt, new Date(now.getTime() - STALLED_MS)),
      ),
    )
    .returning({ id: evidencePacks.id });
  return { expired, stalled: stalled.length };
}

/** The build queue and the clean-up (04:15 Japan time, once across processes). */
export function defineEvidencePackJobs(app: FastifyInstance) {
  app.jobs.define<{ packId: number }>({
    name: EVIDENCE_PACK_QUEUE,
    policy: 'exclusive',
    // A build that throws has marked its pack FAILED; a retry is only for a process that died mid-build, and comes
    // soon enough that another process takes the build over within a minute (`takeoverBoundSeconds`).
    retryLimit: 1,
    retryDelaySeconds: 20,
    expireInSeconds: 2 * 60 * 60,
    handler: ({ packId }) => buildEvidencePack(app, packId),
  });
  app.jobs.defineScheduled(EVIDENCE_PACK_EXPIRY_JOB, async () => {
    const run = await expireEvidencePacks(app);
    if (run.expired || run.stalled) app.log.info({ run }, 'evidence packs expired');
  });
}
