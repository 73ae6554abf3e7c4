import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InquiryDetail } from '@junkan/shared/api/inquiries';
import { INQUIRY_FILES_MAX_TOTAL_BYTES } from '@junkan/shared/inquiry-rules';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIS } from '../../../test/fixtures/demo-data';
import { MB, peakGrowth, videoBytes } from '../../../test/memory-probe';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inquiries } from '../../db/schema';

/**
 * A 100 MB site video sent with a new inquiry, over real HTTP to the real call, while the process's memory is
 * sampled: the call must stream it into the storage, never hold it. Were the file buffered anywhere on the way
 * (the multipart reader, the content check, the storage), the growth would be the file's 100 MB.
 */
const SIZE = INQUIRY_FILES_MAX_TOTAL_BYTES;

describe('opening an inquiry with a 100 MB video', () => {
  let t: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'junkan-inquiry-'));
    t = await createTestApp({ fileStorage: { driver: 'disk', dir } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const inquiryCount = async () => (await t.db.select({ n: count() }).from(inquiries))[0]!.n;
  /** Files in the storage's folder, its unfinished writes included. */
  const storedFileCount = () =>
    readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  /** POST /api/inquiries with `data` and a video of `size` bytes, generated as it is sent. */
  async function openWithVideo(size: number): Promise<{ status: number; body: string }> {
    const boundary = 'junkanInquiryVideo';
    const data = JSON.stringify({
      subject: '現場の動画',
      content: '搬出口の様子です。',
      importance: 'IMPORTANT',
    });
    const body = Readable.from(
      (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="現場動画.mp4"\r\n` +
            'Content-Type: video/mp4\r\n\r\n',
        );
        yield* videoBytes(size);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const token = await t.as(DIS).token();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          port: (t.app.server.address() as AddressInfo).port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/inquiries',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
  }

  it('streams it into the storage without holding it', { timeout: 120_000 }, async () => {
    // Once small, so what the first call sets up (the database's pages, the parsers) is not counted.
    expect((await openWithVideo(2 * MB)).status).toBe(200);

    let answer: { status: number; body: string } | undefined;
    const growth = await peakGrowth(async () => {
      answer = await openWithVideo(SIZE);
    });
    expect(answer!.status, answer!.body).toBe(200);
    const detail = JSON.parse(answer!.body) as InquiryDetail;
    expect(detail.inquiryHistoryDtos[0]!.files).toMatchObject([{ fileName: '現場動画.mp4', size: SIZE }]);
    expect(detail.filesTotalBytes).toBe(SIZE);
    console.info(
      `inquiry with a 100 MB video, peak growth: held ${growth.heldMb.toFixed(1)} MB, rss ${growth.rssMb.toFixed(1)} MB`,
    );
    // Well under the file's 100 MB: a few chunks at a time, not the file. The heap and buffers held are the
    // measure that fails at once when the file is buffered; the RSS (freed memory the allocator keeps, 20 to 50 MB
    // here) only has to stay under the file's size.
    expect(growth.heldMb).toBeLessThan(16);
    expect(growth.rssMb).toBeLessThan(80);
  });

  it('refuses one byte more than 100 MB with max_100MB_upload, keeping nothing', {
    timeout: 120_000,
  }, async () => {
    const [inquiriesBefore, filesBefore] = [await inquiryCount(), storedFileCount()];
    const res = await openWithVideo(SIZE + 1);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'max_100MB_upload' });
    expect(await inquiryCount()).toBe(inquiriesBefore);
    expect(storedFileCount()).toBe(filesBefore);
  });
});
