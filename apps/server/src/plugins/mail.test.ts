import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silenceJob, superviseQueue } from '../../test/job-takeover';
import { mailText } from '../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailOutbox } from '../db/schema';
import { seedDemoData } from '../seed/demo';
import { JOB_HEARTBEAT_SECONDS, takeoverBoundSeconds } from './jobs/job-engine';
import { blankDeliveredLinkTokens, MAIL_MAX_ATTEMPTS, MAIL_QUEUE, withoutLinkTokens } from './mail';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ smtpUrl: undefined, mailRateLimit: { max: 2, windowMs: 60_000 } });
});
afterAll(() => t.close());

describe('mail without SMTP (ruling 13)', () => {
  it('keeps the mail in the outbox and sends nothing', async () => {
    const res = await t.anonymous.post('/auth/password/send-email', { email: 'discharger@example.com' });
    expect(res.json()).toEqual({ result: true });
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'discharger@example.com'));
    expect(kept).toMatchObject({ status: 'KEPT', sentAt: null });
    expect(t.smtp.mails).toHaveLength(0);
    // Kept whole for a developer: the link in the outbox works.
    const token = kept?.text.match(/\/sys\/reset-pass\?token=([^\s&]+)/)?.[1];
    expect(token).toBeDefined();
    const check = await t.anonymous.get(`/auth/link/check?token=${token}`);
    expect(check.json()).toEqual({ result: true });
  });

  it('limits mail-sending calls per client address', async () => {
    const send = () => t.anonymous.post('/auth/password/send-email', { email: 'nobody@example.com' });
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
  });
});

describe('mail delivered over SMTP', () => {
  let s: TestContext;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  it('leaves no usable link token in the outbox once delivered', async () => {
    const send = await s.anonymous.post('/auth/password/send-email', { email: 'discharger@example.com' });
    expect(send.json()).toEqual({ result: true });
    const delivered = mailText(s.smtp.mails.at(-1)!.raw);
    const token = delivered.match(/\/sys\/reset-pass\?token=([^\s&]+)/)?.[1];
    expect(token).toBeDefined();
    const [row] = await s.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'discharger@example.com'));
    expect(row).toMatchObject({ status: 'SENT' });
    expect(row!.text).toContain('/sys/reset-pass?token=[sent]');
    expect(row!.text).not.toContain(token!);
    // What an admin reads is the same blanked text; the mailed link itself still works.
    const listed = await s.as('admin').get('/admin/outbox?to=discharger@example.com');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(token!);
    const check = await s.anonymous.get(`/auth/link/check?token=${token}`);
    expect(check.json()).toEqual({ result: true });
  });

  it('blanks, at start, the links of mails delivered before', async () => {
    const text =
      'http://x/sys/reset-pass?token=OldSecret_1-2\nhttp://x/sys/user-registration?token=Other9&type=REGULAR';
    const [sent] = await s.db
      .insert(mailOutbox)
      .values({ to: 'old@example.com', subject: 's', text, status: 'SENT' })
      .returning();
    const [failed] = await s.db
      .insert(mailOutbox)
      .values({ to: 'old@example.com', subject: 's', text, status: 'FAILED' })
      .returning();
    expect(await blankDeliveredLinkTokens(s.db)).toBe(1);
    expect(await blankDeliveredLinkTokens(s.db)).toBe(0);
    const rows = await s.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'old@example.com'));
    expect(rows.find((r) => r.id === sent!.id)?.text).toBe(
      'http://x/sys/reset-pass?token=[sent]\nhttp://x/sys/user-registration?token=[sent]&type=REGULAR',
    );
    // Undelivered mail is kept whole.
    expect(rows.find((r) => r.id === failed!.id)?.text).toBe(text);
  });

  it('blanks activation links and their quote parameters stay readable', () => {
    expect(
      withoutLinkTokens(
        'http://x/sys/user-registration?token=abc_DEF-1&type=REGULAR\nhttp://x/a?emailToken=z',
      ),
    ).toBe('http://x/sys/user-registration?token=[sent]&type=REGULAR\nhttp://x/a?emailToken=[sent]');
  });
});

describe('mail attachments', () => {
  let a: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
  });
  afterAll(() => a.close());

  const store = async (content: Buffer) => {
    const stored = await a.app.files.put(a.app.files.newKey('test'), [content], {
      maxBytes: content.length,
      contentType: 'application/pdf',
    });
    return {
      fileName: '請求書.pdf',
      mimeType: 'application/pdf',
      size: stored.size,
      storageDriver: stored.driver,
      storageKey: stored.key,
    };
  };

  it('references stored files in the outbox and streams them into the mail at delivery', async () => {
    const content = Buffer.from(`%PDF-1.4 ${'x'.repeat(5000)} %%EOF`, 'latin1');
    const ref = await store(content);
    const id = await a.app.mailer.send({
      to: 'att@example.com',
      subject: 's',
      text: 't',
      attachments: [ref],
    });
    const [row] = await a.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row!.attachments).toEqual([ref]);
    await a.deliverMail();
    const mail = a.smtp.mails.find((m) => m.to.includes('att@example.com'))!;
    expect(mail.raw).toMatch(/Content-Disposition: attachment/i);
    const b64 =
      /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/i.exec(
        mail.raw.slice(mail.raw.search(/Content-Disposition: attachment/i) - 200),
      );
    expect(b64).not.toBeNull();
    expect(Buffer.from(b64![1]!.replace(/\s+/g, ''), 'base64').equals(content)).toBe(true);
    // The outbox keeps the reference, never the bytes.
    expect(JSON.stringify(row)).not.toContain('xxxxxxxx');
  });

  it('retries a mail whose stored file is missing, and refuses attachments over 25 MB', async () => {
    const id = await a.app.mailer.send({
      to: 'missing@example.com',
      subject: 's',
      text: 't',
      attachments: [
        {
          fileName: 'x.pdf',
          mimeType: 'application/pdf',
          size: 10,
          storageDriver: 'database',
          storageKey: 'test/none',
        },
      ],
    });
    await a.deliverMail();
    const [row] = await a.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(a.smtp.mails.some((m) => m.to.includes('missing@example.com'))).toBe(false);
    await expect(
      a.app.mailer.send({
        to: 'big@example.com',
        subject: 's',
        text: 't',
        attachments: [
          {
            fileName: 'x.pdf',
            mimeType: 'application/pdf',
            size: 25 * 1024 * 1024 + 1,
            storageDriver: 'database',
            storageKey: 'test/none',
          },
        ],
      }),
    ).rejects.toThrow();
    expect(await a.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'big@example.com'))).toEqual([]);
  });
});

describe('mail delivery when the SMTP server is down', () => {
  let d: TestContext;
  beforeAll(async () => {
    d = await createTestApp();
    d.smtp.setDown(true);
  });
  afterAll(() => d.close());
  const rowOf = async (to: string) => (await d.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;
  const messageIds = () =>
    d.smtp.mails.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1]).filter((id) => id !== undefined);

  it('keeps the mail FAILED, retries it when the server is back, and delivers it once', async () => {
    await d.app.mailer.send({ to: 'down@example.com', subject: 's', text: 'http://x/?token=abc' });
    // The kit ran the delivery job after the call; with no server, the attempt failed.
    await d.deliverMail();
    const failed = await rowOf('down@example.com');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, sentAt: null });
    expect(failed.error).toBeTruthy();
    expect(failed.messageId).toMatch(/^<.+@junkan\.test>$/);

    d.smtp.setDown(false);
    // The retry waits its backoff: nothing is due yet.
    expect(await d.app.jobs.runDue(MAIL_QUEUE)).toBe(0);
    // Its time comes (taken at once here), the mail goes out.
    expect(await d.app.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true })).toBe(1);
    expect(d.smtp.mails).toHaveLength(1);
    expect(messageIds()).toEqual([failed.messageId]);
    expect(await rowOf('down@example.com')).toMatchObject({ status: 'SENT', attempts: 2, error: null });

    // Nothing sends it again: neither the jobs, nor the sweep, nor a second delivery of the same mail.
    await d.app.mailer.sweep();
    await d.app.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true });
    await d.app.mailer.deliver(failed.id);
    expect(d.smtp.mails).toHaveLength(1);
  });

  it('sends a mail once when two deliveries of it run at the same time', async () => {
    const [row] = await d.db
      .insert(mailOutbox)
      .values({ to: 'twice@example.com', subject: 's', text: 't', status: 'PENDING', messageId: '<twice@x>' })
      .returning();
    const before = d.smtp.mails.length;
    await Promise.all([d.app.mailer.deliver(row!.id), d.app.mailer.deliver(row!.id)]);
    expect(d.smtp.mails.length - before).toBe(1);
    expect((await rowOf('twice@example.com')).status).toBe('SENT');
  });

  it('picks up mail a crash or an outage left behind, and gives up after the last attempt', async () => {
    await d.db.insert(mailOutbox).values([
      // Written, then the process died before its job was queued.
      {
        to: 'crash@example.com',
        subject: 's',
        text: 't',
        status: 'PENDING',
        createdAt: sql`now() - interval '2 minutes'`,
      },
      // Claimed by a process that died while sending: its lease has run out.
      {
        to: 'lease@example.com',
        subject: 's',
        text: 't',
        status: 'SENDING',
        attempts: 1,
        leaseUntil: sql`now() - interval '1 minute'`,
      },
      // Failed long enough ago to be tried again.
      {
        to: 'outage@example.com',
        subject: 's',
        text: 't',
        status: 'FAILED',
        attempts: 3,
        lastAttemptAt: sql`now() - interval '20 minutes'`,
      },
      // Out of attempts: left FAILED for an admin to see.
      {
        to: 'spent@example.com',
        subject: 's',
        text: 't',
        status: 'FAILED',
        attempts: MAIL_MAX_ATTEMPTS,
        lastAttemptAt: sql`now() - interval '20 minutes'`,
      },
      // Still being sent by a live process.
      {
        to: 'busy@example.com',
        subject: 's',
        text: 't',
        status: 'SENDING',
        attempts: 1,
        leaseUntil: sql`now() + interval '5 minutes'`,
      },
    ]);
    const before = d.smtp.mails.length;
    expect(await d.app.mailer.sweep()).toBe(3);
    await d.deliverMail();
    const sent = d.smtp.mails.slice(before).flatMap((m) => m.to);
    expect(sent.sort()).toEqual(['crash@example.com', 'lease@example.com', 'outage@example.com']);
    expect((await rowOf('spent@example.com')).status).toBe('FAILED');
    expect((await rowOf('busy@example.com')).status).toBe('SENDING');
  });
});

describe('a mail whose delivery job died with its process', () => {
  let k: TestContext;
  beforeAll(async () => {
    k = await createTestApp();
  });
  afterAll(() => k.close());

  const silence = (jobId: string, seconds: number) => silenceJob(k, jobId, seconds);
  const supervise = () => superviseQueue(k, MAIL_QUEUE);

  it('is taken over within a minute and sent once', async () => {
    // The queue's settings bound the takeover: heartbeat lapse, supervisor pass, first retry and a poll.
    const queue = k.app.jobs.definitions().find((q) => q.name === MAIL_QUEUE)!;
    expect(takeoverBoundSeconds(queue, 2)).toBeLessThanOrEqual(60);

    const id = await k.app.mailer.send({ to: 'takeover@example.com', subject: 's', text: 't' });
    // Process A's worker claims the delivery job and the mail (as `deliver` does), then stops answering.
    const [held] = await k.app.jobs.raw.fetch<{ mailId: number }>(MAIL_QUEUE);
    expect(held?.data.mailId).toBe(id);
    await k.db
      .update(mailOutbox)
      .set({
        status: 'SENDING',
        attempts: 1,
        claimedByJob: held!.id,
        leaseUntil: sql`now() + interval '10 minutes'`,
      })
      .where(eq(mailOutbox.id, id!));
    const before = k.smtp.mails.length;

    // While A's job is alive, neither the sweep nor another delivery takes the mail.
    await silence(held!.id, JOB_HEARTBEAT_SECONDS - 5);
    await supervise();
    expect(await k.app.mailer.sweep()).toBe(0);
    await k.app.mailer.deliver(id!, '00000000-0000-0000-0000-000000000000');
    await k.app.mailer.deliver(id!);
    expect(k.smtp.mails.length).toBe(before);

    // A is dead: the supervisor fails its job, whose retry (another process) takes the claim over and sends.
    await silence(held!.id, JOB_HEARTBEAT_SECONDS + 1);
    await supervise();
    expect(await k.app.jobs.runDue(MAIL_QUEUE, { ignoreStartAfter: true })).toBe(1);
    expect(k.smtp.mails.slice(before).flatMap((m) => m.to)).toEqual(['takeover@example.com']);
    const [row] = await k.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'SENT', attempts: 2, claimedByJob: null, leaseUntil: null });

    // Nothing sends it again.
    expect(await k.app.mailer.sweep()).toBe(0);
    await k.app.mailer.deliver(id!);
    expect(k.smtp.mails.length).toBe(before + 1);
  });
});

describe('demo data', () => {
  it('never loads into a database that already has data', async () => {
    expect(await seedDemoData(t.db)).toBe(false);
  });
});
