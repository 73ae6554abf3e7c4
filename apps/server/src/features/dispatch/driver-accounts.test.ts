import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { createTestApp, decodeClaims, type TestContext } from '../../../test/test-app';
import { companies, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { DEMO_PASSWORD } from '../../seed/demo';

/**
 * Drivers are no operators: the administrator's operator selection, acting and account master never list or act as
 * one; and a driver signs in, refreshes, reads its keys and changes its password as any user does.
 */

let t: TestContext;
let toto: number;
let driverId: number;
let transporterId: number;

beforeAll(async () => {
  t = await createTestApp();
  toto = await companyId(t.db, '東都環境サービス株式会社');
  driverId = (await t.db.query.users.findFirst({ where: eq(users.email, 'driver@example.com') }))!.id;
  transporterId = (await t.db.query.users.findFirst({ where: eq(users.email, 'transporter@example.com') }))!
    .id;
});
afterAll(() => t.close());

/** A transport company (approved unless said) whose users are those given, each with the demo password. */
async function transportCompany(
  name: string,
  people: { email: string; role: 'TRANSPORT' | 'DRIVER' }[],
  pending = false,
) {
  const [company] = await t.db
    .insert(companies)
    .values({
      type: 'TRANSPORT',
      name,
      postalCode: '135-0016',
      address: '東京都江東区東陽1-1-1',
      tel: '03-0000-0000',
      email: 'office@example.com',
      approvalStatus: pending ? 'PENDING' : 'APPROVED',
    })
    .returning({ id: companies.id });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const p of people)
    await t.db
      .insert(users)
      .values({ ...p, passwordHash, companyId: company!.id, enabled: true, userName: p.email });
  return company!.id;
}

describe("the administrator's operators", () => {
  it('never list a driver in the account master, nor open, change or delete one there', async () => {
    const all = await t.as('admin').get('/admin/users?size=100');
    expect(all.statusCode).toBe(200);
    const emails = all.json().items.map((u: { email: string }) => u.email);
    expect(emails).toContain('transporter@example.com');
    expect(emails).not.toContain('driver@example.com');
    expect((await t.as('admin').get('/admin/users?role=DRIVER')).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await t.as('admin').get('/admin/users?keyWord=driver%40example.com')).json().total).toBe(0);

    const detail = await t.as('admin').get(`/admin/users/${driverId}`);
    const removed = await t.as('admin').delete(`/admin/users/${driverId}`);
    for (const res of [detail, removed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await t.db.query.users.findFirst({ where: eq(users.id, driverId) })).toMatchObject({
      enabled: true,
      deletedAt: null,
    });
  });

  it('never choose a company by its driver, nor act as a driver', async () => {
    const onlyDriver = await transportCompany('ドライバーのみ運輸', [
      { email: 'only.driver@example.com', role: 'DRIVER' },
    ]);
    const listed = (await t.as('admin').get('/admin/companies/transport'))
      .json()
      .map((c: { id: number }) => c.id);
    expect(listed).toContain(toto);
    expect(listed).not.toContain(onlyDriver);
    const refused = await t.as('admin').post(`/admin/companies/${onlyDriver}/auth-token?isTransport=true`);
    expect(refused.statusCode).toBe(404);

    // Acting for 東都 is acting as its transporter, never its driver; with the transporter stopped, as nobody.
    const acting = await t.as('admin').post(`/admin/companies/${toto}/auth-token?isTransport=true`);
    expect(decodeClaims(acting.json().token)).toMatchObject({
      userId: transporterId,
      authorities: ['ROLE_ADMIN', 'ROLE_TRANSPORT'],
    });
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, transporterId));
    try {
      const none = await t.as('admin').post(`/admin/companies/${toto}/auth-token?isTransport=true`);
      expect(none.statusCode).toBe(404);
      expect(
        (await t.as('admin').get('/admin/companies/transport')).json().map((c: { id: number }) => c.id),
      ).not.toContain(toto);
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.id, transporterId));
    }
  });

  it("mail a company's news to its office, not its drivers", async () => {
    const pending = await transportCompany(
      '承認待ち運輸',
      [
        { email: 'pending.office@example.com', role: 'TRANSPORT' },
        { email: 'pending.driver@example.com', role: 'DRIVER' },
      ],
      true,
    );
    const mails = t.smtp.mails.length;
    expect((await t.as('admin').post(`/admin/transport-companies/${pending}/approve`)).statusCode).toBe(200);
    const to = t.smtp.mails.slice(mails).flatMap((m) => m.to);
    expect(to).toContain('pending.office@example.com');
    expect(to).not.toContain('pending.driver@example.com');
  });
});

describe('a driver signing in', () => {
  it('signs in by the normal login as ROLE_DRIVER, refreshes, and reads its keys', async () => {
    const login = await t.anonymous.post('/auth/login', {
      email: 'driver@example.com',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const claims = decodeClaims(login.json().token);
    expect(claims).toMatchObject({
      sub: 'driver@example.com',
      userId: driverId,
      authorities: ['ROLE_DRIVER'],
    });
    const token = login.json().token as string;
    const refreshed = await t.as({ token }).post('/auth/refresh-token');
    expect(refreshed.statusCode).toBe(200);
    expect(decodeClaims(refreshed.json().token)).toMatchObject({
      authorities: ['ROLE_DRIVER'],
      sid: claims.sid,
    });
    const keys = await t.as({ token: refreshed.json().token }).get('/permissions');
    expect(keys.statusCode).toBe(200);
    expect(keys.json()).toEqual({ permissions: ['CHANGE_PASSWORD', 'DRIVER_DAY'], transportApproval: null });
    // The office's own account screens are not a driver's: refused, not broken.
    for (const url of ['/users/info', '/trans/users/info']) {
      const res = await t.as({ token }).get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('changes its password (its other sign-ins end) and signs out', async () => {
    const email = 'pw.driver@example.com';
    await transportCompany('パスワード運輸', [{ email, role: 'DRIVER' }]);
    const first = await t.login(email);
    const second = await t.login(email);
    const changed = await t
      .as({ token: first })
      .post('/auth/password/change', { oldPass: DEMO_PASSWORD, newPass: 'Driver9876' });
    expect(changed.statusCode).toBe(200);
    expect((await t.as({ token: second }).get('/permissions')).statusCode).toBe(401);
    const next = changed.json().token as string;
    expect((await t.as({ token: next }).get('/permissions')).statusCode).toBe(200);
    expect((await t.as({ token: next }).post('/auth/logout')).statusCode).toBe(204);
    expect((await t.as({ token: next }).get('/permissions')).statusCode).toBe(401);
  });

  it('holds nothing while its company is not approved', async () => {
    const email = 'unapproved.driver@example.com';
    await transportCompany('未承認運輸', [{ email, role: 'DRIVER' }], true);
    const token = await t.login(email);
    expect((await t.as({ token }).get('/permissions')).json().permissions).toEqual([]);
    expect((await t.as({ token }).post('/auth/password/change', {})).statusCode).toBe(403);
  });
});
