import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('inquiries on home', () => {
  it("shows a discharger its own company's inquiries only", async () => {
    const own = (await t.as('discharger@example.com').get('/inquiries')).json();
    expect(own).toHaveLength(2);
    expect(own.every((i: { companyName: string }) => i.companyName === '株式会社グリーン商事')).toBe(true);
    expect((await t.as('discharger2@example.com').get('/inquiries')).json()).toEqual([]);
    expect((await t.as('transporter@example.com').get('/inquiries')).statusCode).toBe(403);
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
