import { LOGIN_FAILURE_MESSAGE } from '@junkan/shared/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../../../test/smtp-sink';
import { createTestApp, decodeClaims, signRawToken, type TestContext } from '../../../test/test-app';
import { auditLogs, emailTokens, users } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs up a new account and returns the link the activation mail carried. */
async function signupAndReadLink(email: string, extra: Record<string, unknown> = {}) {
  const before = t.smtp.mails.length;
  const res = await t.anonymous.post('/auth/signup', {
    email,
    password: 'Passw0rd',
    role: 'WASTE',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(t.smtp.mails.length).toBe(before + 1);
  const mail = t.smtp.mails.at(-1)!;
  expect(mail.to).toEqual([email.toLowerCase()]);
  const link = mailText(mail.raw).match(/http:\/\/junkan\.test\/sys\/user-registration\?[^\s]+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

const validAccount = {
  accountName: '新規 太郎',
  companyName: '新規商事株式会社',
  companyPostalCode: '104-0061',
  companyAddress: '東京都中央区銀座4-5-6',
  companyTelephone: '03-1111-2222',
  companyEmail: 'info@shinki.example.com',
  contractPic: '新規 太郎',
  offices: [
    {
      officeId: -1,
      officeName: '本社',
      officePostalCode: '104-0061',
      officeAddress: '東京都中央区銀座4-5-6',
      officeTelephone: '03-1111-2222',
      officeEmail: 'honsha@shinki.example.com',
    },
  ],
  wastes: [
    {
      wasteId: -1,
      dischargeSitename: '銀座店',
      wastePostalCode: '104-0061',
      wasteAddress: '東京都中央区',
      wasteAddress2: '銀座',
      wasteAddress3: '4-5-6',
      wasteTelephone: '03-1111-3333',
      wasteEmail: 'ginza@shinki.example.com',
      wasteStaff: '担当 花子',
    },
  ],
};

describe('POST /api/auth/login', () => {
  it('answers a 30-minute token with the ruling-5 claims', async () => {
    const token = await t.login('discharger@example.com');
    const claims = decodeClaims(token);
    expect(claims).toMatchObject({
      sub: 'discharger@example.com',
      authorities: ['ROLE_WASTE'],
      subNum: 'A123456',
      ediKey: '12345678',
    });
    expect(claims.adminId).toBeUndefined();
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 60);
  });

  it('accepts the email in any case', async () => {
    const res = await t.anonymous.post('/auth/login', {
      email: 'Discharger@Example.com',
      password: 'Demo1234',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same failure for a wrong password and an unknown email', async () => {
    const wrong = await t.anonymous.post('/auth/login', {
      email: 'transporter@example.com',
      password: 'Wrong1234',
    });
    const unknown = await t.anonymous.post('/auth/login', {
      email: 'nobody@example.com',
      password: 'Wrong1234',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'MSG_01_01', message: LOGIN_FAILURE_MESSAGE.INCORRECT });
    }
  });

  it('says Inactive account only with the right password', async () => {
    const email = 'inactive-login@example.com';
    await signupAndReadLink(email);
    const right = await t.anonymous.post('/auth/login', { email, password: 'Passw0rd' });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ code: 'account_is_not_enabled', message: LOGIN_FAILURE_MESSAGE.INACTIVE });
    const wrong = await t.anonymous.post('/auth/login', { email, password: 'Wrong1234' });
    expect(wrong.json().code).toBe('MSG_01_01');
  });

  it('rejects bad input with a code per field', async () => {
    const missing = await t.anonymous.post('/auth/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ email: 'MSG_00_21', password: 'MSG_00_21' });
    const wrongType = await t.anonymous.post('/auth/login', { email: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    const invalid = await t.anonymous.post('/auth/login', { email: 'not-an-email', password: 'x' });
    expect(invalid.json().fields).toEqual({ email: 'email_invalid' });
    const tooLong = await t.anonymous.post('/auth/login', {
      email: `${'a'.repeat(250)}@example.com`,
      password: 'a'.repeat(25),
    });
    expect(tooLong.json().fields).toEqual({ email: 'max_length_exceeded', password: 'max_length_exceeded' });
    // Raw inject: a body that is not JSON, which the kit would not send.
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('invalid_request');
  });

  it('limits failed attempts per account and address', async () => {
    const email = 'platform@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await t.anonymous.post('/auth/login', { email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    const blocked = await t.anonymous.post('/auth/login', { email, password: 'Demo1234' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_requests');
    // Another account from the same address is not blocked.
    expect(
      (await t.anonymous.post('/auth/login', { email: 'admin@example.com', password: 'Demo1234' }))
        .statusCode,
    ).toBe(200);
  });

  it('records the last login time', async () => {
    await t.login('discharger2@example.com');
    const user = await t.db.query.users.findFirst({ where: eq(users.email, 'discharger2@example.com') });
    expect(user?.lastLoginAt).toBeInstanceOf(Date);
  });
});

describe('sign-up, activation and registration', () => {
  it('mails an activation link, checks it, registers and signs in', async () => {
    const email = 'new-user@example.com';
    const link = await signupAndReadLink(email, {
      type: 'REGULAR',
      pcode: '1040061',
      size: 45,
      num: 2,
      week: 2,
    });
    expect(link.searchParams.get('size')).toBe('45');
    const token = link.searchParams.get('token')!;

    const check = await t.anonymous.get(`/users/email-token?emailToken=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(200);
    const { active, id } = check.json();
    expect(active).toBe(false);

    const reg = await t.anonymous.put(`/users/${id}`, {
      ...validAccount,
      emailToken: token,
      registrantNumber: 'N000001',
      ediConfirmationKey: '87654321',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const claims = decodeClaims(reg.json().token);
    expect(claims).toMatchObject({ sub: email, userId: id, authorities: ['ROLE_WASTE'], subNum: 'N000001' });

    const info = await t.as({ token: reg.json().token }).get('/users/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      accountName: '新規 太郎',
      companyName: '新規商事株式会社',
      offices: [{ officeName: '本社' }],
      wastes: [{ dischargeSitename: '銀座店', wasteAddress3: '4-5-6' }],
    });

    const again = await t.anonymous.get(`/users/email-token?emailToken=${encodeURIComponent(token)}`);
    expect(again.json()).toEqual({ active: true, id });
    const reuse = await t.anonymous.put(`/users/${id}`, { ...validAccount, emailToken: token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('token_invalid_or_expired');
    expect((await t.anonymous.post('/auth/login', { email, password: 'Passw0rd' })).statusCode).toBe(200);

    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['login', 'register', 'signup']);
  });

  it('refuses a second sign-up with the same email (MSG_04_1)', async () => {
    const res = await t.anonymous.post('/auth/signup', {
      email: 'Discharger@example.com',
      password: 'Passw0rd',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MSG_04_1', fields: { email: 'MSG_04_1' } });
  });

  it('takes a user name as long as an e-mail address (254), as the spec payload sends one there', async () => {
    const longName = 'u'.repeat(254);
    await signupAndReadLink('long-name@example.com', { userName: longName });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'long-name@example.com'));
    expect(row?.userName).toBe(longName);
    const tooLong = await t.anonymous.post('/auth/signup', {
      email: 'too-long-name@example.com',
      password: 'Passw0rd',
      userName: 'u'.repeat(255),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ userName: 'max_length_exceeded' });
  });

  it('validates sign-up input', async () => {
    const weak = await t.anonymous.post('/auth/signup', { email: 'weak@example.com', password: 'password1' });
    expect(weak.json().fields).toEqual({ password: 'MSG_03_1' });
    const wide = await t.anonymous.post('/auth/signup', {
      email: 'wide@example.com',
      password: 'Ｐａｓｓｗ0ｒｄ',
    });
    expect(wide.json().fields).toEqual({ password: 'MSG_03_1' });
    const email = await t.anonymous.post('/auth/signup', { email: 'bad@', password: 'Passw0rd' });
    expect(email.json().fields).toEqual({ email: 'MSG_00_22' });
    const admin = await t.anonymous.post('/auth/signup', {
      email: 'boss@example.com',
      password: 'Passw0rd',
      role: 'ADMIN',
    });
    expect(admin.statusCode).toBe(400);
  });

  it('rejects registration input field by field, without writing anything', async () => {
    const link = await signupAndReadLink('half-written@example.com');
    const token = link.searchParams.get('token')!;
    const { id } = (await t.anonymous.get(`/users/email-token?emailToken=${token}`)).json();
    const bad = await t.anonymous.put(`/users/${id}`, {
      ...validAccount,
      emailToken: token,
      companyPostalCode: '1040061',
      companyTelephone: '0311112222',
      accountName: 'あ'.repeat(17),
      registrantNumber: 'ABC',
      ediConfirmationKey: '1234567a',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      companyPostalCode: 'MSG_00_23',
      companyTelephone: 'MSG_00_24',
      accountName: 'max_length_exceeded',
      registrantNumber: 'MSG_05_2',
      ediConfirmationKey: 'MSG_05_3',
    });
    // A taken registrant number fails inside the transaction: nothing is left half-written.
    const taken = await t.anonymous.put(`/users/${id}`, {
      ...validAccount,
      emailToken: token,
      registrantNumber: 'A123456',
      ediConfirmationKey: '12345678',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({
      registrantNumber: 'sub_num_can_not_use',
      ediConfirmationKey: 'edi_key_can_not_use',
    });
    const user = await t.db.query.users.findFirst({ where: eq(users.id, id) });
    expect(user).toMatchObject({ enabled: false, companyId: null });
    const stillLive = await t.anonymous.get(`/users/email-token?emailToken=${token}`);
    expect(stillLive.json()).toEqual({ active: false, id });
  });

  it('refuses a token for another user id', async () => {
    const link = await signupAndReadLink('wrong-id@example.com');
    const res = await t.anonymous.put('/users/1', {
      ...validAccount,
      emailToken: link.searchParams.get('token'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('token_invalid_or_expired');
  });

  it('activates an account with PUT /auth/account/active, once', async () => {
    const link = await signupAndReadLink('activate-only@example.com');
    const token = link.searchParams.get('token')!;
    const res = await t.anonymous.put('/auth/account/active', { token });
    expect(res.statusCode).toBe(200);
    expect(decodeClaims(res.json().token).sub).toBe('activate-only@example.com');
    const again = await t.anonymous.put('/auth/account/active', { token });
    expect(again.statusCode).toBe(400);
  });

  it('answers token_invalid_or_expired for unknown and expired tokens', async () => {
    const unknown = await t.anonymous.get('/users/email-token?emailToken=nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('token_invalid_or_expired');
    const link = await signupAndReadLink('expired@example.com');
    const token = link.searchParams.get('token')!;
    const user = await t.db.query.users.findFirst({ where: eq(users.email, 'expired@example.com') });
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user!.id));
    const expired = await t.anonymous.get(`/users/email-token?emailToken=${token}`);
    expect(expired.json().code).toBe('token_invalid_or_expired');
  });
});

describe('password reset and change', () => {
  it('mails a reset link that sets a new password once', async () => {
    const before = t.smtp.mails.length;
    const sent = await t.anonymous.post('/auth/password/send-email', { email: 'discharger2@example.com' });
    expect(sent.json()).toEqual({ result: true });
    expect(t.smtp.mails.length).toBe(before + 1);
    const link = mailText(t.smtp.mails.at(-1)!.raw).match(
      /http:\/\/junkan\.test\/sys\/reset-pass\?token=[^\s]+/,
    )?.[0];
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);

    expect((await t.anonymous.get(`/auth/link/check?token=${token}`)).json()).toEqual({
      result: true,
    });
    const weak = await t.anonymous.post('/auth/password/reset', { pass: 'short', token });
    expect(weak.json().fields).toEqual({ pass: 'MSG_03_1' });
    expect((await t.anonymous.post('/auth/password/reset', { pass: 'NewPass99', token })).json()).toEqual({
      result: true,
    });
    expect((await t.anonymous.post('/auth/password/reset', { pass: 'NewPass98', token })).json()).toEqual({
      result: false,
    });
    expect((await t.anonymous.get(`/auth/link/check?token=${token}`)).json()).toEqual({
      result: false,
    });
    expect(
      (await t.anonymous.post('/auth/login', { email: 'discharger2@example.com', password: 'NewPass99' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers false for an unknown address and a bad reset token', async () => {
    expect(
      (await t.anonymous.post('/auth/password/send-email', { email: 'nobody@example.com' })).json(),
    ).toEqual({
      result: false,
    });
    expect(
      (await t.anonymous.post('/auth/password/reset', { pass: 'NewPass99', token: 'forged' })).json(),
    ).toEqual({
      result: false,
    });
    expect((await t.anonymous.get('/auth/link/check?token=forged')).json()).toEqual({
      result: false,
    });
  });

  it('changes the password when the old one is right', async () => {
    const link = await signupAndReadLink('changer@example.com');
    const activated = await t.anonymous.put('/auth/account/active', {
      token: link.searchParams.get('token'),
    });
    const changer = t.as({ token: activated.json().token });
    const wrong = await changer.post('/auth/password/change', { oldPass: 'Wrong1234', newPass: 'Changed12' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ oldPass: 'old_password_incorrect' });
    const weak = await changer.post('/auth/password/change', { oldPass: 'Passw0rd', newPass: 'weak' });
    expect(weak.json().fields).toEqual({ newPass: 'MSG_03_1' });
    const ok = await changer.post('/auth/password/change', { oldPass: 'Passw0rd', newPass: 'Changed12' });
    expect(ok.json()).toEqual({ result: true, token: expect.any(String) });
    expect(
      (await t.anonymous.post('/auth/login', { email: 'changer@example.com', password: 'Changed12' }))
        .statusCode,
    ).toBe(200);
  });

  it('needs a token to change a password', async () => {
    const res = await t.anonymous.post('/auth/password/change', {
      oldPass: 'Demo1234',
      newPass: 'Changed12',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('tokens', () => {
  it('refreshes a token with the same claims', async () => {
    const token = await t.login('transporter@example.com');
    const res = await t.as({ token }).post('/auth/refresh-token', {});
    expect(res.statusCode).toBe(200);
    const before = decodeClaims(token);
    const after = decodeClaims(res.json().token);
    expect(after).toMatchObject({ sub: before.sub, userId: before.userId, authorities: before.authorities });
  });

  it('refuses expired, forged and malformed tokens with 401', async () => {
    // Raw inject: the Authorization header itself is under test.
    const token = await t.login('discharger@example.com');
    const claims = decodeClaims(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = signRawToken(t.config.jwtSecret, { ...claims, iat: now - 31 * 60, exp: now - 60 });
    const control = signRawToken(t.config.jwtSecret, { ...claims, iat: now, exp: now + 60 });
    expect((await t.app.inject({ url: '/api/users/info', headers: t.auth(control) })).statusCode).toBe(200);
    const [h, p] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, authorities: ['ROLE_ADMIN'] })).toString(
      'base64url',
    );
    const forged = `${h}.${forgedPayload}.${token.split('.')[2]}`;
    for (const bad of [expired, forged, `${h}.${p}`, 'garbage']) {
      const res = await t.app.inject({ url: '/api/users/info', headers: t.auth(bad) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    expect((await t.app.inject({ url: '/api/users/info' })).statusCode).toBe(401);
  });

  it('stops honouring the token of a disabled account', async () => {
    const link = await signupAndReadLink('to-disable@example.com');
    const activated = await t.anonymous.put('/auth/account/active', {
      token: link.searchParams.get('token'),
    });
    const token = activated.json().token;
    expect((await t.as({ token }).get('/permissions')).statusCode).toBe(200);
    await t.db.update(users).set({ enabled: false }).where(eq(users.email, 'to-disable@example.com'));
    // Written behind the services' back: announced as they announce it, for the session cache.
    await t.app.sessionChanged({ all: true });
    expect((await t.as({ token }).get('/permissions')).statusCode).toBe(401);
  });
});
