import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailOutbox } from '../db/schema';
import { seedDemoData } from '../seed/demo';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ smtpUrl: undefined, mailRateLimit: { max: 2, windowMs: 60_000 } });
});
afterAll(() => t.close());

describe('mail without SMTP (ruling 13)', () => {
  it('keeps the mail in the outbox and sends nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/send-email',
      payload: { email: 'discharger@example.com' },
    });
    expect(res.json()).toEqual({ result: true });
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'discharger@example.com'));
    expect(kept).toMatchObject({ status: 'KEPT', sentAt: null });
    expect(kept?.text).toContain('/sys/reset-pass?token=');
    expect(t.smtp.mails).toHaveLength(0);
  });

  it('limits mail-sending calls per client address', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/send-email',
        payload: { email: 'nobody@example.com' },
      });
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_requests');
  });
});

describe('demo data', () => {
  it('never loads into a database that already has data', async () => {
    expect(await seedDemoData(t.db)).toBe(false);
  });
});
