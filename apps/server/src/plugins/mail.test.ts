import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailOutbox } from '../db/schema';
import { seedDemoData } from '../seed/demo';
import { blankDeliveredLinkTokens, withoutLinkTokens } from './mail';

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

describe('demo data', () => {
  it('never loads into a database that already has data', async () => {
    expect(await seedDemoData(t.db)).toBe(false);
  });
});
