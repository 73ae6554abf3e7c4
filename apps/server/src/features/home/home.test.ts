import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('news and update information', () => {
  it('answers notices and update information newest first', async () => {
    const notices = (await t.as('discharger@example.com').get('/notices')).json();
    expect(notices[0]).toMatchObject({
      subject: '年末年始の回収スケジュールについて',
      importance: 'IMPORTANT',
    });
    const updates = (await t.as('discharger@example.com').get('/update-infos')).json();
    expect(updates.map((u: { date: string }) => u.date)).toEqual(['2026-11-10', '2026-10-01']);
  });
});

describe('mail outbox', () => {
  it('is readable by an administrator only', async () => {
    await t.anonymous.post('/auth/password/send-email', { email: 'discharger@example.com' });
    const admin = await t.as('admin@example.com').get('/admin/outbox?to=discharger@example.com');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0]).toMatchObject({ to: 'discharger@example.com', status: 'SENT' });
    expect((await t.as('discharger@example.com').get('/admin/outbox')).statusCode).toBe(403);
  });
});
