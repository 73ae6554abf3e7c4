import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestContext } from '../../../test/test-app';
import { auditLogs, users } from '../../db/schema';

let t: TestContext;
const admin = 'admin';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listOf = async (kind: 'waste' | 'transport', user: string) =>
  t.as(user).get(`/admin/companies/${kind}`);

describe('admin company lists', () => {
  it('lists discharger and transport companies with their type', async () => {
    const waste = (await listOf('waste', admin)).json();
    expect(waste.map((c: { name: string }) => c.name).sort()).toEqual(
      ['株式会社グリーン商事', '髙橋工業株式会社'].sort(),
    );
    expect(waste.every((c: { type: string }) => c.type === 'WASTE')).toBe(true);
    const transport = (await listOf('transport', admin)).json();
    expect(transport.map((c: { name: string }) => c.name).sort()).toEqual(
      ['junkan収集運搬', '東都環境サービス株式会社'].sort(),
    );
  });

  it('refuses operators (403) and anonymous callers (401)', async () => {
    for (const email of ['discharger@example.com', 'transporter@example.com']) {
      expect((await listOf('waste', email)).statusCode).toBe(403);
      expect((await listOf('transport', email)).statusCode).toBe(403);
      const act = await t.as(email).post('/admin/companies/1/auth-token?isTransport=false');
      expect(act.statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/admin/companies/waste')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/companies/{id}/auth-token', () => {
  it('answers a token for the operator carrying the admin id, and audits it', async () => {
    const [green] = (await listOf('waste', admin))
      .json()
      .filter((c: { name: string }) => c.name === '株式会社グリーン商事');
    const res = await t.as(admin).post(`/admin/companies/${green.id}/auth-token?isTransport=false`);
    expect(res.statusCode).toBe(200);
    const adminUser = await t.db.query.users.findFirst({ where: eq(users.email, 'admin@example.com') });
    const claims = decodeClaims(res.json().token);
    expect(claims).toMatchObject({
      sub: 'discharger@example.com',
      adminId: adminUser!.id,
      authorities: ['ROLE_ADMIN', 'ROLE_WASTE'],
      subNum: 'A123456',
    });

    const acting = t.as({ token: res.json().token });
    const info = await acting.get('/users/info');
    expect(info.json().companyName).toBe('株式会社グリーン商事');
    const projects = await acting.get('/projects');
    expect(
      projects
        .json()
        .items.every((p: { company: { name: string } }) => p.company.name === '株式会社グリーン商事'),
    ).toBe(true);
    const perms = (await acting.get('/permissions')).json().permissions;
    expect(perms).toEqual(expect.arrayContaining(['MASTER_WASTE', 'ACCOUNT_INFO', 'COLLECTION_REQUEST']));

    // Refreshing keeps the admin id and the admin's sign-in: an acting token never becomes another kind of token.
    const refreshed = await acting.post('/auth/refresh-token');
    expect(decodeClaims(refreshed.json().token)).toMatchObject({
      adminId: adminUser!.id,
      sid: claims.sid,
      authorities: ['ROLE_ADMIN', 'ROLE_WASTE'],
    });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'act_for_operator'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'company', entityId: String(green.id), userId: adminUser!.id });
  });

  it("acts one level only, from the admin's own sign-in: an acting token gets no further acting token", async () => {
    const adminToken = await t.login('admin@example.com');
    const [green] = (await listOf('waste', admin))
      .json()
      .filter((c: { name: string }) => c.name === '株式会社グリーン商事');
    const [toto] = (await listOf('transport', admin))
      .json()
      .filter((c: { name: string }) => c.name.startsWith('東都'));
    const first = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${green.id}/auth-token?isTransport=false`);
    expect(first.statusCode).toBe(200);
    const before = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'act_for_operator'));
    // Neither for another company nor for the same one, nor from its refreshed token.
    const acting = t.as({ token: first.json().token });
    const refreshed = t.as({ token: (await acting.post('/auth/refresh-token')).json().token });
    for (const [who, id, isTransport] of [
      [acting, toto.id, true],
      [acting, green.id, false],
      [refreshed, toto.id, true],
    ] as const) {
      const res = await who.post(`/admin/companies/${id}/auth-token?isTransport=${isTransport}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'acting_admin_own_sign_in_required' });
    }
    const after = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'act_for_operator'));
    expect(after).toHaveLength(before.length);
    // The admin's own token still chooses another operator.
    const again = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${toto.id}/auth-token?isTransport=true`);
    expect(decodeClaims(again.json().token)).toMatchObject({
      sub: 'transporter@example.com',
      adminId: decodeClaims(adminToken).userId,
      authorities: ['ROLE_ADMIN', 'ROLE_TRANSPORT'],
    });
  });

  it('answers 404 for a company of the other type or none, and 400 for bad input', async () => {
    const [green] = (await listOf('waste', admin)).json();
    const wrongType = await t.as(admin).post(`/admin/companies/${green.id}/auth-token?isTransport=true`);
    expect(wrongType.statusCode).toBe(404);
    const none = await t.as(admin).post('/admin/companies/99999/auth-token?isTransport=false');
    expect(none.statusCode).toBe(404);
    const bad = await t.as(admin).post('/admin/companies/abc/auth-token?isTransport=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['id']);
    const badFlag = await t.as(admin).post(`/admin/companies/${green.id}/auth-token?isTransport=maybe`);
    expect(badFlag.json().fields).toEqual({ isTransport: 'invalid_format' });
  });

  it('stops honouring an acting token once the admin is disabled', async () => {
    const [green] = (await listOf('waste', admin)).json();
    const res = await t.as(admin).post(`/admin/companies/${green.id}/auth-token?isTransport=false`);
    const acting = t.as({ token: res.json().token });
    await t.db.update(users).set({ enabled: false }).where(eq(users.email, 'admin@example.com'));
    // Written behind the services' back: announced as they announce it, for the session cache.
    await t.app.sessionChanged({ all: true });
    try {
      expect((await acting.get('/permissions')).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.email, 'admin@example.com'));
    }
  });
});
