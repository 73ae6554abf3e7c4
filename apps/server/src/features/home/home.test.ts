import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, email: string) =>
  t.app.inject({ url, headers: t.auth(await t.login(email)) });

describe('news, update information and inquiries', () => {
  it('answers notices and update information newest first', async () => {
    const notices = (await get('/api/notices', 'discharger@example.com')).json();
    expect(notices[0]).toMatchObject({
      subject: '年末年始の回収スケジュールについて',
      importance: 'IMPORTANT',
    });
    const updates = (await get('/api/update-infos', 'discharger@example.com')).json();
    expect(updates.map((u: { date: string }) => u.date)).toEqual(['2026-11-10', '2026-10-01']);
  });

  it("shows a discharger its own company's inquiries only", async () => {
    const own = (await get('/api/inquiries', 'discharger@example.com')).json();
    expect(own).toHaveLength(2);
    expect(own.every((i: { companyName: string }) => i.companyName === '株式会社グリーン商事')).toBe(true);
    expect((await get('/api/inquiries', 'discharger2@example.com')).json()).toEqual([]);
    expect((await get('/api/inquiries', 'transporter@example.com')).statusCode).toBe(403);
  });
});

describe('mail outbox', () => {
  it('is readable by an administrator only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/send-email',
      payload: { email: 'discharger@example.com' },
    });
    const admin = await get('/api/admin/outbox?to=discharger@example.com', 'admin@example.com');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0]).toMatchObject({ to: 'discharger@example.com', status: 'SENT' });
    expect((await get('/api/admin/outbox', 'discharger@example.com')).statusCode).toBe(403);
  });
});
