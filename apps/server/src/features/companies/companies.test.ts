import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestContext } from '../../../test/test-app';
import { auditLogs, users } from '../../db/schema';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(() => t.close());

const listOf = async (kind: 'waste' | 'transport', token: string) =>
  t.app.inject({ url: `/api/admin/companies/${kind}`, headers: t.auth(token) });

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
      const token = await t.login(email);
      expect((await listOf('waste', token)).statusCode).toBe(403);
      expect((await listOf('transport', token)).statusCode).toBe(403);
      const act = await t.app.inject({
        method: 'POST',
        url: '/api/admin/companies/1/auth-token?isTransport=false',
        headers: t.auth(token),
      });
      expect(act.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/companies/waste' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/companies/{id}/auth-token', () => {
  it('answers a token for the operator carrying the admin id, and audits it', async () => {
    const [green] = (await listOf('waste', admin))
      .json()
      .filter((c: { name: string }) => c.name === '株式会社グリーン商事');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${green.id}/auth-token?isTransport=false`,
      headers: t.auth(admin),
    });
    expect(res.statusCode).toBe(200);
    const adminUser = await t.db.query.users.findFirst({ where: eq(users.email, 'admin@example.com') });
    const claims = decodeClaims(res.json().token);
    expect(claims).toMatchObject({
      sub: 'discharger@example.com',
      adminId: adminUser!.id,
      authorities: ['ROLE_ADMIN', 'ROLE_WASTE'],
      subNum: 'A123456',
    });

    const acting = res.json().token;
    const info = await t.app.inject({ url: '/api/users/info', headers: t.auth(acting) });
    expect(info.json().companyName).toBe('株式会社グリーン商事');
    const projects = await t.app.inject({ url: '/api/projects', headers: t.auth(acting) });
    expect(
      projects.json().every((p: { company: { name: string } }) => p.company.name === '株式会社グリーン商事'),
    ).toBe(true);
    const perms = (await t.app.inject({ url: '/api/permissions', headers: t.auth(acting) })).json()
      .permissions;
    expect(perms).toEqual(expect.arrayContaining(['MASTER_WASTE', 'ACCOUNT_INFO', 'COLLECTION_REQUEST']));

    // Refreshing keeps the admin id; switching operator while acting keeps the original admin.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: t.auth(acting),
    });
    expect(decodeClaims(refreshed.json().token).adminId).toBe(adminUser!.id);
    const [toto] = (await listOf('transport', admin))
      .json()
      .filter((c: { name: string }) => c.name.startsWith('東都'));
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${toto.id}/auth-token?isTransport=true`,
      headers: t.auth(acting),
    });
    expect(decodeClaims(switched.json().token)).toMatchObject({
      sub: 'transporter@example.com',
      adminId: adminUser!.id,
      authorities: ['ROLE_ADMIN', 'ROLE_TRANSPORT'],
    });

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'act_for_operator'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'company', entityId: String(toto.id), adminId: adminUser!.id });
  });

  it('answers 404 for a company of the other type or none, and 400 for bad input', async () => {
    const [green] = (await listOf('waste', admin)).json();
    const wrongType = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${green.id}/auth-token?isTransport=true`,
      headers: t.auth(admin),
    });
    expect(wrongType.statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/99999/auth-token?isTransport=false',
      headers: t.auth(admin),
    });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/companies/abc/auth-token?isTransport=maybe',
      headers: t.auth(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['id']);
    const badFlag = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${green.id}/auth-token?isTransport=maybe`,
      headers: t.auth(admin),
    });
    expect(badFlag.json().fields).toEqual({ isTransport: 'invalid_format' });
  });

  it('stops honouring an acting token once the admin is disabled', async () => {
    const [green] = (await listOf('waste', admin)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${green.id}/auth-token?isTransport=false`,
      headers: t.auth(admin),
    });
    const acting = res.json().token;
    await t.db.update(users).set({ enabled: false }).where(eq(users.email, 'admin@example.com'));
    try {
      expect((await t.app.inject({ url: '/api/permissions', headers: t.auth(acting) })).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.email, 'admin@example.com'));
    }
  });
});
