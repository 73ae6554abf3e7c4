import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../../../test/smtp-sink';
import { type Caller, createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, companies, dischargeSites, offices, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

let t: TestContext;
const admin = 'admin';
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.db.query.users.findFirst({ where: eq(users.email, 'admin@example.com') }))!.id;
});
afterAll(() => t.close());

const BASE = '/api/admin/users';
const accountInfo = (over: Record<string, unknown> = {}) => ({
  accountName: '新規担当',
  companyName: '新規登録株式会社',
  companyPostalCode: '104-0061',
  companyAddress: '東京都中央区銀座1-1-1',
  companyTelephone: '03-1234-5678',
  companyEmail: 'info@shinki.example.com',
  contractPic: '契約太郎',
  offices: [
    {
      officeId: -1,
      officeName: '本社',
      officePostalCode: '104-0061',
      officeAddress: '東京都中央区銀座1-1-1',
      officeTelephone: '03-1234-5678',
      officeEmail: 'honsha@shinki.example.com',
    },
  ],
  wastes: [
    {
      wasteId: -1,
      dischargeSitename: '銀座倉庫',
      wastePostalCode: '104-0061',
      wasteAddress: '東京都中央区',
      wasteAddress2: '銀座',
      wasteAddress3: '2-2-2',
      wasteTelephone: '03-1234-5679',
      wasteEmail: 'soko@shinki.example.com',
      wasteStaff: '倉庫花子',
    },
  ],
  ...over,
});

const post = (body: unknown, user = admin) => t.as(user).post(BASE, body);
const put = (id: number, body: unknown, user = admin) => t.as(user).put(`${BASE}/${id}`, body);
const list = (qs = '', who: Caller = admin) => t.as(who).get(`${BASE}${qs}`);

/** The password-setting link of the last mail to `email`. */
function lastLinkTo(email: string): string {
  const mail = [...t.smtp.mails].reverse().find((m) => m.to.includes(email));
  const link = mail && mailText(mail.raw).match(/http:\/\/junkan\.test\/sys\/reset-pass\?token=[^\s]+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

describe('POST /api/admin/users', () => {
  it('registers a transporter with its company, offices and sites, and mails a password-setting link', async () => {
    const email = 'new.trans@example.com';
    const res = await post({ ...accountInfo(), email: 'New.Trans@Example.com', role: 'TRANSPORT' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();

    const user = await t.db.query.users.findFirst({ where: eq(users.id, id) });
    expect(user).toMatchObject({ email, role: 'TRANSPORT', enabled: true, userName: '新規担当' });
    const company = await t.db.query.companies.findFirst({ where: eq(companies.id, user!.companyId!) });
    expect(company).toMatchObject({ type: 'TRANSPORT', name: '新規登録株式会社', contractPic: '契約太郎' });
    expect(await t.db.select().from(offices).where(eq(offices.companyId, company!.id))).toHaveLength(1);
    expect(
      await t.db.select().from(dischargeSites).where(eq(dischargeSites.companyId, company!.id)),
    ).toHaveLength(1);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(
        eq(auditLogs.entity, 'user'),
        eq(auditLogs.entityId, String(id)),
        eq(auditLogs.action, 'admin_create'),
      ),
    });
    expect(audit?.userId).toBe(adminId);

    // Nobody can sign in before the password is set; the mailed link sets it.
    const token = lastLinkTo(email);
    const reset = await t.anonymous.post('/auth/password/reset', { pass: 'Welcome123', token });
    expect(reset.json()).toEqual({ result: true });
    expect(await t.login(email, 'Welcome123')).toBeTruthy();

    const detail = await t.as(admin).get(`${BASE}/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      email,
      role: 'TRANSPORT',
      enabled: true,
      companyName: '新規登録株式会社',
      offices: [{ officeName: '本社' }],
      wastes: [{ dischargeSitename: '銀座倉庫' }],
    });
    expect(detail.json().lastLoginAt).not.toBeNull();
  });

  it('registers a disabled discharger when asked; it sets a password but cannot sign in', async () => {
    const email = 'disabled.waste@example.com';
    const res = await post({
      ...accountInfo({ registrantNumber: 'Z765432', ediConfirmationKey: '87654321' }),
      email,
      role: 'WASTE',
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    const token = lastLinkTo(email);
    await t.anonymous.post('/auth/password/reset', { pass: 'Welcome123', token });
    const login = await t.anonymous.post('/auth/login', { email, password: 'Welcome123' });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('account_is_not_enabled');
  });

  it('refuses a registered email (409 MSG_04_1 on email), also under two concurrent registers', async () => {
    const taken = await post({ ...accountInfo(), email: 'discharger@example.com', role: 'WASTE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MSG_04_1', fields: { email: 'MSG_04_1' } });

    const body = { ...accountInfo(), email: 'race@example.com', role: 'WASTE' };
    const results = await Promise.all([post(body), post(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().fields).toEqual({ email: 'MSG_04_1' });
  });

  it('refuses a registrant number or EDI key another user holds', async () => {
    const sub = await post({
      ...accountInfo({ registrantNumber: 'A123456' }),
      email: 'sub@example.com',
      role: 'WASTE',
    });
    expect(sub.statusCode).toBe(409);
    expect(sub.json().fields).toEqual({ registrantNumber: 'sub_num_can_not_use' });
    const edi = await post({
      ...accountInfo({ ediConfirmationKey: '12345678' }),
      email: 'edi@example.com',
      role: 'WASTE',
    });
    expect(edi.statusCode).toBe(409);
    expect(edi.json().fields).toEqual({ ediConfirmationKey: 'edi_key_can_not_use' });
  });

  it.each([
    [{ email: '' }, 'email', 'MSG_00_21'],
    [{ email: 'not-an-email' }, 'email', 'MSG_00_22'],
    [{ role: 'ADMIN' }, 'role', 'invalid_format'],
    [{ role: undefined }, 'role', 'invalid_format'],
    [{ accountName: '' }, 'accountName', 'MSG_00_21'],
    [{ accountName: 'あ'.repeat(17) }, 'accountName', 'max_length_exceeded'],
    [{ companyPostalCode: '1040061' }, 'companyPostalCode', 'MSG_00_23'],
    [{ companyTelephone: '12345' }, 'companyTelephone', 'MSG_00_24'],
    [{ registrantNumber: 'ABC' }, 'registrantNumber', 'MSG_05_2'],
    [{ ediConfirmationKey: 'ABCDEFGH' }, 'ediConfirmationKey', 'MSG_05_3'],
    [{ enabled: 'yes' }, 'enabled', 'invalid_format'],
  ])('refuses %o (400 %s %s)', async (over, field, code) => {
    const res = await post({ ...accountInfo(), email: 'bad@example.com', role: 'WASTE', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(code);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts with role, enabled flag and last sign-in, paged', async () => {
    const res = await list('?size=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, size: 3 });
    expect(body.items).toHaveLength(3);
    expect(body.total).toBeGreaterThanOrEqual(5);
    const me = (await list('?keyWord=admin%40example.com')).json().items[0];
    expect(me).toMatchObject({ id: adminId, role: 'ADMIN', enabled: true, companyName: null });
    expect(Date.parse(me.lastLoginAt)).not.toBeNaN();
  });

  it('matches the keyword on name, email or company name, and filters by role', async () => {
    const byCompany = (await list(`?keyWord=${encodeURIComponent('グリーン商事')}`)).json();
    expect(byCompany.items.map((u: { email: string }) => u.email)).toContain('discharger@example.com');
    expect(
      byCompany.items.every((u: { companyName: string }) => u.companyName === '株式会社グリーン商事'),
    ).toBe(true);
    const byEmail = (await list('?keyWord=TRANSPORTER%40')).json();
    expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual(['transporter@example.com']);
    const byName = (await list(`?keyWord=${encodeURIComponent('運営管理者')}`)).json();
    expect(byName.items.map((u: { id: number }) => u.id)).toEqual([adminId]);
    const transports = (await list('?role=TRANSPORT&size=100')).json();
    expect(transports.items.length).toBeGreaterThan(0);
    expect(transports.items.every((u: { role: string }) => u.role === 'TRANSPORT')).toBe(true);
    expect((await list('?keyWord=%25%25nothing')).json()).toMatchObject({ total: 0, items: [] });
  });

  it('sorts by last sign-in with never-signed-in accounts last', async () => {
    const items = (await list('?sort=lastLoginAt&order=desc&size=100')).json().items as {
      lastLoginAt: string | null;
    }[];
    const firstNull = items.findIndex((u) => u.lastLoginAt === null);
    if (firstNull >= 0) expect(items.slice(firstNull).every((u) => u.lastLoginAt === null)).toBe(true);
    const stamps = items.filter((u) => u.lastLoginAt).map((u) => Date.parse(u.lastLoginAt!));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('refuses bad query values', async () => {
    for (const qs of ['?role=ROOT', '?size=0', '?sort=password'])
      expect((await list(qs)).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  const newUser = async (email: string, role: 'WASTE' | 'TRANSPORT' = 'WASTE') =>
    (await post({ ...accountInfo(), email, role })).json().id as number;

  it('updates the account, its company, email and keys, adds new entries and keeps existing ones', async () => {
    const id = await newUser('update.me@example.com');
    const before = (await t.as(admin).get(`${BASE}/${id}`)).json();
    const res = await put(id, {
      ...accountInfo({
        accountName: '更新担当',
        companyName: '更新後株式会社',
        registrantNumber: 'U123456',
        ediConfirmationKey: '55556666',
        offices: [
          ...before.offices,
          { ...accountInfo().offices[0], officeName: '大阪支店', officeEmail: 'osaka@shinki.example.com' },
        ],
        wastes: before.wastes,
      }),
      email: 'Updated.Me@example.com',
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: 'updated.me@example.com',
      accountName: '更新担当',
      companyName: '更新後株式会社',
      registrantNumber: 'U123456',
      ediConfirmationKey: '55556666',
      enabled: true,
    });
    expect(res.json().offices.map((o: { officeName: string }) => o.officeName)).toEqual(['本社', '大阪支店']);
    expect(res.json().wastes).toHaveLength(1);

    // The admin may change (unlock) stored keys; existing entries may be named by their id alone.
    const officeIds = res.json().offices.map((o: { officeId: number }) => ({ officeId: o.officeId }));
    const changed = await put(id, {
      ...accountInfo({
        registrantNumber: 'U654321',
        ediConfirmationKey: null,
        offices: officeIds,
        wastes: [],
      }),
      email: 'updated.me@example.com',
      enabled: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ registrantNumber: 'U654321', ediConfirmationKey: null });
    expect(changed.json().offices).toHaveLength(2);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.entityId, String(id)), eq(auditLogs.action, 'admin_update')),
    });
    expect(audit?.userId).toBe(adminId);
  });

  it('refuses an email, registrant number or EDI key another user holds (409 on the field)', async () => {
    const id = await newUser('conflicts@example.com');
    const body = (over: Record<string, unknown>) => ({
      ...accountInfo(),
      email: 'conflicts@example.com',
      enabled: true,
      ...over,
    });
    const email = await put(id, body({ email: 'transporter@example.com' }));
    expect(email.statusCode).toBe(409);
    expect(email.json().fields).toEqual({ email: 'MSG_04_1' });
    const sub = await put(id, body({ registrantNumber: 'A123456' }));
    expect(sub.json()).toMatchObject({
      code: 'sub_num_can_not_use',
      fields: { registrantNumber: 'sub_num_can_not_use' },
    });
    const edi = await put(id, body({ ediConfirmationKey: '12345678' }));
    expect(edi.json()).toMatchObject({
      code: 'edi_key_can_not_use',
      fields: { ediConfirmationKey: 'edi_key_can_not_use' },
    });
    expect(edi.statusCode).toBe(409);
  });

  it('disables an account: its session ends and it cannot sign in', async () => {
    const transporter = await t.db.query.users.findFirst({
      where: eq(users.email, 'transporter@example.com'),
    });
    const session = await t.login('transporter@example.com');
    const detail = (await t.as(admin).get(`${BASE}/${transporter!.id}`)).json();
    const { id: _id, role: _role, lastLoginAt: _l, createdAt: _c, ...rest } = detail;
    const res = await put(transporter!.id, { ...rest, enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().enabled).toBe(false);
    expect((await t.as({ token: session }).get('/permissions')).statusCode).toBe(401);
    // Back on, for the other tests.
    expect((await put(transporter!.id, { ...rest, enabled: true })).statusCode).toBe(200);
    expect(await t.login('transporter@example.com')).toBeTruthy();
    t.forget('transporter');
  });

  it('refuses to change an admin account, its own included (403), and unknown ids (404)', async () => {
    const body = { ...accountInfo(), email: 'admin@example.com', enabled: false };
    const self = await put(adminId, body);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('forbidden');
    expect((await put(999999, body)).statusCode).toBe(404);
    expect((await put(adminId, { ...body, accountName: '' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('soft-deletes: the account cannot sign in, leaves the list and answers 404', async () => {
    const email = 'delete.me@example.com';
    const id = (await post({ ...accountInfo(), email, role: 'WASTE' })).json().id;
    const token = lastLinkTo(email);
    await t.anonymous.post('/auth/password/reset', { pass: 'Welcome123', token });
    const session = await t.login(email, 'Welcome123');

    const res = await t.as(admin).delete(`${BASE}/${id}`);
    expect(res.statusCode).toBe(200);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, id) });
    expect(row).toMatchObject({ enabled: false });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    expect((await t.as({ token: session }).get('/permissions')).statusCode).toBe(401);
    const login = await t.anonymous.post('/auth/login', { email, password: 'Welcome123' });
    expect(login.statusCode).toBe(401);
    expect((await list(`?keyWord=${email}`)).json().total).toBe(0);
    expect((await t.as(admin).get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await put(id, { ...accountInfo(), email, enabled: true })).statusCode).toBe(404);
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.entityId, String(id)), eq(auditLogs.action, 'admin_delete')),
    });
    expect(audit).toBeTruthy();
  });

  it('refuses to delete itself or another admin (403)', async () => {
    const self = await t.as(admin).delete(`${BASE}/${adminId}`);
    expect(self.statusCode).toBe(403);
    const [other] = await t.db
      .insert(users)
      .values({
        email: 'admin2@example.com',
        passwordHash: await hashPassword('Admin1234'),
        role: 'ADMIN',
        enabled: true,
      })
      .returning({ id: users.id });
    const res = await t.as(admin).delete(`${BASE}/${other!.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('permissions', () => {
  it('refuses operators (403) and anonymous callers (401) on every call', async () => {
    const calls = [
      { method: 'GET' as const, url: BASE },
      { method: 'GET' as const, url: `${BASE}/1` },
      {
        method: 'POST' as const,
        url: BASE,
        payload: { ...accountInfo(), email: 'x@example.com', role: 'WASTE' },
      },
      {
        method: 'PUT' as const,
        url: `${BASE}/1`,
        payload: { ...accountInfo(), email: 'x@example.com', enabled: true },
      },
      { method: 'DELETE' as const, url: `${BASE}/1` },
    ];
    for (const email of ['discharger@example.com', 'platform@example.com']) {
      for (const call of calls) expect((await t.as(email).send(call)).statusCode).toBe(403);
    }
    for (const call of calls) expect((await t.anonymous.send(call)).statusCode).toBe(401);
  });

  it('lets an admin acting for an operator use the master', async () => {
    const green = await t.db.query.companies.findFirst({ where: eq(companies.name, '株式会社グリーン商事') });
    const acting = (
      await t.as(admin).post(`/admin/companies/${green!.id}/auth-token?isTransport=false`)
    ).json<{ token: string }>();
    expect((await list('', acting)).statusCode).toBe(200);
  });
});
