import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mail outbox', () => {
  it('is readable by an administrator only', async () => {
    await t.anonymous.post('/auth/password/send-email', { email: 'discharger@example.com' });
    const admin = await t.as('admin@example.com').get('/admin/outbox?to=discharger@example.com');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0]).toMatchObject({ to: 'discharger@example.com', status: 'SENT' });
    expect((await t.as('discharger@example.com').get('/admin/outbox')).statusCode).toBe(403);
  });
});
