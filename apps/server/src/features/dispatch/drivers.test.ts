import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { mailBody, mailText } from '../../../test/smtp-sink';
import { createTestApp, decodeClaims, type TestContext } from '../../../test/test-app';
import { auditLogs, userSessions, users, vehicles } from '../../db/schema';

/** The office's drivers: invited by mail, enabled by their own password, stopped and restarted by the office. */

let t: TestContext;
let toto: number;
let vehicleId: number;
let otherVehicleId: number;
let retiredVehicleId: number;

beforeAll(async () => {
  t = await createTestApp();
  toto = await companyId(t.db, '東都環境サービス株式会社');
  const platform = await companyId(t.db, 'junkan収集運搬');
  [{ id: vehicleId }, { id: retiredVehicleId }, { id: otherVehicleId }] = (await t.db
    .insert(vehicles)
    .values([
      { companyId: toto, name: '4t 平ボディ 2号車', vehicleClass: 'T4' },
      { companyId: toto, name: '廃車 3号車', vehicleClass: 'T2', active: false },
      { companyId: platform, name: '他社 1号車', vehicleClass: 'T2' },
    ])
    .returning({ id: vehicles.id })) as [{ id: number }, { id: number }, { id: number }];
});
afterAll(() => t.close());

const office = () => t.as('transporter');
const create = (body: Record<string, unknown>) => office().post('/trans/drivers', body);

/** The token of the last password link mailed to `email`, and that mail's text. */
function lastMailTo(email: string) {
  const mail = [...t.smtp.mails].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  const text = mailBody(mail.raw);
  const link = mailText(mail.raw).match(/http:\/\/junkan\.test\/sys\/reset-pass\?token=[^\s]+/)?.[0];
  return { text, token: link ? decodeURIComponent(new URL(link).searchParams.get('token')!) : null };
}

describe('GET /api/trans/drivers', () => {
  it("lists the company's drivers with their usual vehicle", async () => {
    const res = await office().get('/trans/drivers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        email: 'driver@example.com',
        userName: '運転 太郎',
        vehicleName: '2t パッカー 1号車',
        enabled: true,
        activated: true,
      }),
    );
    // Its office is no driver.
    expect(res.json().map((d: { email: string }) => d.email)).not.toContain('transporter@example.com');
    expect((await t.as('platform').get('/trans/drivers')).json()).toEqual([]);
  });
});

describe('POST /api/trans/drivers', () => {
  it('makes a disabled driver of the company and mails it an invitation; its password enables it', async () => {
    const res = await create({ userName: '新人 一郎', email: 'Shinjin@Example.com', vehicleId });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      userName: '新人 一郎',
      email: 'shinjin@example.com',
      vehicleId,
      vehicleName: '4t 平ボディ 2号車',
      enabled: false,
      activated: false,
      lastLoginAt: null,
    });
    const row = await t.db.query.users.findFirst({ where: eq(users.id, created.id) });
    expect(row).toMatchObject({ role: 'DRIVER', companyId: toto, enabled: false });
    const audit = await t.db.query.auditLogs.findFirst({
      where: and(eq(auditLogs.action, 'create_driver'), eq(auditLogs.entityId, String(created.id))),
    });
    expect(audit).toBeDefined();

    const { text, token } = lastMailTo('shinjin@example.com');
    expect(text).toContain('新人 一郎 様');
    expect(text).toContain('東都環境サービス株式会社 があなたのドライバー用アカウントを登録しました。');
    expect(token).toBeTruthy();
    // Not before the password is set.
    const early = await t.anonymous.post('/auth/login', { email: 'shinjin@example.com', password: 'x' });
    expect(early.statusCode).toBe(401);

    expect((await t.anonymous.get(`/auth/link/check?token=${encodeURIComponent(token!)}`)).json()).toEqual({
      result: true,
    });
    const set = await t.anonymous.post('/auth/password/reset', { pass: 'Driver1234', token });
    expect(set.json()).toEqual({ result: true });
    // Used once only.
    expect((await t.anonymous.post('/auth/password/reset', { pass: 'Driver5678', token })).json()).toEqual({
      result: false,
    });
    const login = await t.anonymous.post('/auth/login', {
      email: 'shinjin@example.com',
      password: 'Driver1234',
    });
    expect(login.statusCode).toBe(200);
    expect(decodeClaims(login.json().token).authorities).toEqual(['ROLE_DRIVER']);
    const listed = (await office().get('/trans/drivers'))
      .json()
      .find((d: { id: number }) => d.id === created.id);
    expect(listed).toMatchObject({ enabled: true, activated: true });
    expect(listed.lastLoginAt).not.toBeNull();
  });

  it('refuses a taken address as everywhere (409 MSG_04_1 on email), also under two creates at once', async () => {
    const taken = await create({ userName: '重複', email: 'transporter@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MSG_04_1', fields: { email: 'MSG_04_1' } });
    const body = { userName: '同時', email: 'race.driver@example.com' };
    const results = await Promise.all([create(body), create(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().fields).toEqual({ email: 'MSG_04_1' });
  });

  it("takes only an active vehicle of the company (another company's or a retired one is 404)", async () => {
    for (const id of [otherVehicleId, retiredVehicleId, 2_000_000_000]) {
      const res = await create({ userName: '車両なし', email: `novehicle${id}@example.com`, vehicleId: id });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().code).toBe('vehicle_not_found');
    }
    expect(await t.db.query.users.findFirst({ where: eq(users.userName, '車両なし') })).toBeUndefined();
  });

  it('refuses a missing name or a malformed address with field codes', async () => {
    const res = await create({ userName: '', email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ userName: 'MSG_00_21', email: 'MSG_00_22' });
  });
});

describe('PUT /api/trans/drivers/{id}', () => {
  async function activeDriver(email: string) {
    const { id } = (await create({ userName: 'ドライバー', email })).json();
    await t.anonymous.post('/auth/password/reset', { pass: 'Driver1234', token: lastMailTo(email).token });
    return id as number;
  }

  it('renames it and changes its usual vehicle', async () => {
    const id = await activeDriver('rename.driver@example.com');
    const res = await office().put(`/trans/drivers/${id}`, {
      userName: '改名 次郎',
      vehicleId,
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userName: '改名 次郎', vehicleId, enabled: true });
    const cleared = await office().put(`/trans/drivers/${id}`, {
      userName: '改名 次郎',
      vehicleId: null,
      enabled: true,
    });
    expect(cleared.json()).toMatchObject({ vehicleId: null, vehicleName: null });
    for (const other of [otherVehicleId, retiredVehicleId]) {
      const bad = await office().put(`/trans/drivers/${id}`, {
        userName: 'x',
        vehicleId: other,
        enabled: true,
      });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().code).toBe('vehicle_not_found');
    }
  });

  it('stops it: its sign-ins end at once; restarting lets it sign in again', async () => {
    const email = 'stop.driver@example.com';
    const id = await activeDriver(email);
    const token = await t.login(email, 'Driver1234');
    expect((await t.as({ token }).get('/permissions')).statusCode).toBe(200);

    const stop = await office().put(`/trans/drivers/${id}`, {
      userName: 'ドライバー',
      vehicleId: null,
      enabled: false,
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ enabled: false, activated: true });
    expect((await t.as({ token }).get('/permissions')).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, id))
      .orderBy(desc(userSessions.createdAt));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const refused = await t.anonymous.post('/auth/login', { email, password: 'Driver1234' });
    expect(refused.json().code).toBe('account_is_not_enabled');
    // A stopped driver gets no reset mail either.
    expect((await t.anonymous.post('/auth/password/send-email', { email })).json()).toEqual({
      result: false,
    });

    const restart = await office().put(`/trans/drivers/${id}`, {
      userName: 'ドライバー',
      vehicleId: null,
      enabled: true,
    });
    expect(restart.json()).toMatchObject({ enabled: true, activated: true });
    expect(await t.login(email, 'Driver1234')).toBeTruthy();
  });

  it('keeps an invited driver invited on enabled false, and invites it again on true', async () => {
    const email = 'invited.driver@example.com';
    const { id } = (await create({ userName: '招待中', email })).json();
    const first = lastMailTo(email).token;
    const kept = await office().put(`/trans/drivers/${id}`, {
      userName: '招待中 改',
      vehicleId: null,
      enabled: false,
    });
    expect(kept.json()).toMatchObject({ userName: '招待中 改', enabled: false, activated: false });
    const mails = t.smtp.mails.length;
    const again = await office().put(`/trans/drivers/${id}`, {
      userName: '招待中 改',
      vehicleId: null,
      enabled: true,
    });
    expect(again.json()).toMatchObject({ enabled: false, activated: false });
    expect(t.smtp.mails.length).toBe(mails + 1);
    const second = lastMailTo(email).token;
    expect(second).not.toBe(first);
    // Only the newest link works.
    expect(
      (await t.anonymous.post('/auth/password/reset', { pass: 'Driver1234', token: first })).json(),
    ).toEqual({
      result: false,
    });
    expect(
      (await t.anonymous.post('/auth/password/reset', { pass: 'Driver1234', token: second })).json(),
    ).toEqual({
      result: true,
    });
    expect(await t.login(email, 'Driver1234')).toBeTruthy();
  });

  it("answers 404 driver_not_found for another company's driver, its office or a missing id", async () => {
    const driver = await t.db.query.users.findFirst({ where: eq(users.email, 'driver@example.com') });
    const transporter = await t.db.query.users.findFirst({
      where: eq(users.email, 'transporter@example.com'),
    });
    const body = { userName: '乗っ取り', vehicleId: null, enabled: false };
    for (const [who, id] of [
      ['platform', driver!.id],
      ['transporter', transporter!.id],
      ['transporter', 2_000_000_000],
    ] as const) {
      const res = await t.as(who).put(`/trans/drivers/${id}`, body);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json().code).toBe('driver_not_found');
    }
    expect(await t.db.query.users.findFirst({ where: eq(users.id, driver!.id) })).toMatchObject({
      userName: '運転 太郎',
      enabled: true,
    });
  });
});
