import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailOutbox } from '../db/schema';

/** One JSON log line as the server writes it. */
type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

describe('request ids in the log, the jobs and the mails a request causes', () => {
  let t: TestContext;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        logger: {
          level: 'info',
          stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
        },
      },
    );
  });
  afterAll(() => t?.close());

  it("keeps a sane incoming X-Request-Id, echoes it, and logs it on the mail job's lines", async () => {
    const requestId = `proxy-${randomUUID()}`;
    lines.length = 0;
    // The kit delivers the mail (the mail job) right after the call, as a worker would.
    const res = await t.anonymous.post(
      '/auth/password/send-email',
      { email: 'discharger@example.com' },
      { 'x-request-id': requestId },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.requestId, requestId));
    expect(mail).toMatchObject({ to: 'discharger@example.com', status: 'SENT' });
    const sent = lines.find((l) => l.msg === 'mail sent');
    expect(sent).toMatchObject({ reqId: requestId, mailId: mail!.id });
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ reqId: requestId }),
    ]);
    // Named, never the text: the mailed reset link's token stays out of the log.
    const token = /token=([^\s&]+)/.exec(t.smtp.mails.at(-1)?.raw ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(JSON.stringify(lines)).not.toContain(token!);
  });

  it('replaces an incoming X-Request-Id that is not sane with its own', async () => {
    for (const bad of ['two words', 'x'.repeat(65), '<script>', '']) {
      const res = await t.anonymous.get('/healthz', { 'x-request-id': bad });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives every request its own id when none comes in', async () => {
    const a = await t.anonymous.get('/healthz');
    const b = await t.anonymous.get('/healthz');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
