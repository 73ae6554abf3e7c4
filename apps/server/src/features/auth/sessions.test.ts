import { SESSION_ABSOLUTE_LIFETIME_MS } from '@junkan/shared/session';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../../../test/smtp-sink';
import { createTestApp, decodeClaims, signRawToken, type TestContext } from '../../../test/test-app';
import { userSessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Sessions are the subject here: every call names the token it sends (or none), each test signs in afresh.
const post = (url: string, payload: unknown, token?: string) =>
  t.as(token ? { token } : null).post(url, payload);
// Any signed-in call: the permission list answers for every role.
const info = (token: string) => t.as({ token }).get('/permissions');
const refresh = (token: string) => t.as({ token }).post('/auth/refresh-token', {});
const logout = (token?: string) => t.as(token ? { token } : null).post('/auth/logout');

/** A fresh enabled discharger account of its own, so that changing its password touches no other test. */
async function makeUser(email: string, password = 'Passw0rd') {
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      userName: email,
      passwordHash: await hashPassword(password),
      role: 'WASTE',
      enabled: true,
    })
    .returning();
  return user!;
}

const sessionRow = async (token: string) =>
  t.db.query.userSessions.findFirst({ where: eq(userSessions.id, String(decodeClaims(token).sid)) });

describe('sign-in sessions', () => {
  it('starts a session at sign-in that the token names, lasting 24 hours from the password', async () => {
    const before = Date.now();
    const token = await t.login('discharger@example.com');
    const row = await sessionRow(token);
    expect(row).toBeDefined();
    expect(row!.revokedAt).toBeNull();
    expect(row!.authenticatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.expiresAt.getTime() - row!.authenticatedAt.getTime()).toBe(SESSION_ABSOLUTE_LIFETIME_MS);
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('refreshes within the same session and keeps its sid', async () => {
    const token = await t.login('discharger@example.com');
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    expect(decodeClaims(res.json().token).sid).toBe(decodeClaims(token).sid);
  });

  it('refuses tokens without a sid (issued before sessions were recorded) and with an unknown sid', async () => {
    const token = await t.login('discharger@example.com');
    const { sid: _sid, ...claims } = decodeClaims(token);
    const now = Math.floor(Date.now() / 1000);
    const noSid = signRawToken(t.config.jwtSecret, { ...claims, iat: now, exp: now + 600 });
    const unknownSid = signRawToken(t.config.jwtSecret, {
      ...claims,
      sid: crypto.randomUUID(),
      iat: now,
      exp: now + 600,
    });
    // Control: the same claims with the real sid pass.
    const control = signRawToken(t.config.jwtSecret, { ...claims, sid: _sid, iat: now, exp: now + 600 });
    expect((await info(control)).statusCode).toBe(200);
    for (const bad of [noSid, unknownSid]) {
      expect((await info(bad)).statusCode).toBe(401);
      expect((await refresh(bad)).json().code).toBe('unauthorized');
    }
  });

  it("refuses another user's session id in a token", async () => {
    const mine = await t.login('discharger@example.com');
    const theirs = await t.login('transporter@example.com');
    const now = Math.floor(Date.now() / 1000);
    const borrowed = signRawToken(t.config.jwtSecret, {
      ...decodeClaims(mine),
      sid: decodeClaims(theirs).sid,
      iat: now,
      exp: now + 600,
    });
    expect((await info(borrowed)).statusCode).toBe(401);
  });

  it('ends the session after its absolute lifetime: no call, no refresh', async () => {
    const token = await t.login('discharger@example.com');
    const refreshed = (await refresh(token)).json().token as string;
    expect((await info(refreshed)).statusCode).toBe(200);
    // The sign-in's whole lifetime after the password was typed (moved in the table: tokens themselves last 30 minutes).
    await t.db
      .update(userSessions)
      .set({
        authenticatedAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 1000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(userSessions.id, String(decodeClaims(token).sid)));
    // Written behind the services' back: announced as they announce it, for the session cache.
    await t.app.sessionChanged({ all: true });
    for (const tk of [token, refreshed]) {
      const res = await refresh(tk);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
      expect((await info(tk)).statusCode).toBe(401);
    }
    // A new sign-in is a new session.
    expect((await info(await t.login('discharger@example.com'))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the token and of every token refreshed from it, and nothing else', async () => {
    const token = await t.login('transporter@example.com');
    const refreshed = (await refresh(token)).json().token as string;
    const otherTab = await t.login('transporter@example.com');
    const res = await logout(refreshed);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await sessionRow(token))!.revokedAt).not.toBeNull();
    for (const tk of [token, refreshed]) {
      expect((await info(tk)).statusCode).toBe(401);
      expect((await refresh(tk)).statusCode).toBe(401);
    }
    // Another sign-in of the same user (another browser) stays.
    expect((await info(otherTab)).statusCode).toBe(200);
  });

  it('is idempotent, and accepts a late (expired) token or none at all', async () => {
    const token = await t.login('transporter@example.com');
    expect((await logout(token)).statusCode).toBe(204);
    expect((await logout(token)).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(204);
    expect((await logout('garbage')).statusCode).toBe(204);

    const late = await t.login('transporter@example.com');
    const now = Math.floor(Date.now() / 1000);
    const expired = signRawToken(t.config.jwtSecret, {
      ...decodeClaims(late),
      iat: now - 3600,
      exp: now - 60,
    });
    expect((await logout(expired)).statusCode).toBe(204);
    expect((await sessionRow(late))!.revokedAt).not.toBeNull();
    expect((await info(late)).statusCode).toBe(401);
  });

  it('does not end a session from a token signed with another secret', async () => {
    const token = await t.login('transporter@example.com');
    const forged = signRawToken('not-the-secret', decodeClaims(token));
    expect((await logout(forged)).statusCode).toBe(204);
    expect((await info(token)).statusCode).toBe(200);
  });

  it("ends an admin's operator token with the admin's sign-out", async () => {
    const adminToken = await t.login('admin@example.com');
    const companies = await t.as({ token: adminToken }).get('/admin/companies/waste');
    expect(companies.statusCode, companies.body).toBe(200);
    const companyId = companies.json()[0].id;
    const acting = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${companyId}/auth-token?isTransport=false`);
    expect(acting.statusCode, acting.body).toBe(200);
    const operatorToken = acting.json().token as string;
    const claims = decodeClaims(operatorToken);
    expect(claims.sid).toBe(decodeClaims(adminToken).sid);
    expect(claims.adminId).toBe(decodeClaims(adminToken).userId);
    expect((await info(operatorToken)).statusCode).toBe(200);
    // Signing out from the operator view ends the admin's sign-in, and so both tokens.
    expect((await logout(operatorToken)).statusCode).toBe(204);
    expect((await info(operatorToken)).statusCode).toBe(401);
    expect((await refresh(adminToken)).statusCode).toBe(401);
  });
});

describe('password change and reset end every session of the user', () => {
  it('change: old tokens stop working, the answer carries a token of a new session', async () => {
    await makeUser('rotate@example.com');
    const tab1 = await t.login('rotate@example.com', 'Passw0rd');
    const tab2 = await t.login('rotate@example.com', 'Passw0rd');
    const res = await post('/api/auth/password/change', { oldPass: 'Passw0rd', newPass: 'Rotated12' }, tab1);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().token as string;
    expect(res.json().result).toBe(true);
    expect(decodeClaims(fresh).sid).not.toBe(decodeClaims(tab1).sid);
    for (const old of [tab1, tab2]) {
      expect((await info(old)).statusCode).toBe(401);
      expect((await refresh(old)).statusCode).toBe(401);
    }
    expect((await info(fresh)).statusCode).toBe(200);
    expect((await refresh(fresh)).statusCode).toBe(200);
  });

  it("change by an admin acting for the operator ends the operator's sessions, not the admin's", async () => {
    const operator = await t.db.query.users.findFirst({ where: eq(users.email, 'discharger2@example.com') });
    const operatorOwn = await t.login('discharger2@example.com');
    const adminToken = await t.login('admin@example.com');
    const acting = await t
      .as({ token: adminToken })
      .post(`/admin/companies/${operator!.companyId}/auth-token?isTransport=false`);
    expect(acting.statusCode, acting.body).toBe(200);
    const res = await post(
      '/api/auth/password/change',
      { oldPass: 'Demo1234', newPass: 'Demo1234' },
      acting.json().token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeClaims(res.json().token)).toMatchObject({
      sid: decodeClaims(adminToken).sid,
      adminId: decodeClaims(adminToken).userId,
    });
    expect((await info(operatorOwn)).statusCode).toBe(401);
    expect((await info(res.json().token)).statusCode).toBe(200);
    expect((await info(adminToken)).statusCode).toBe(200);
  });

  it('reset: every token of the user stops working', async () => {
    await makeUser('forgetful@example.com');
    const token = await t.login('forgetful@example.com', 'Passw0rd');
    const before = t.smtp.mails.length;
    await post('/api/auth/password/send-email', { email: 'forgetful@example.com' });
    expect(t.smtp.mails.length).toBe(before + 1);
    const link = mailText(t.smtp.mails.at(-1)!.raw).match(/reset-pass\?token=([^\s&]+)/)?.[1];
    expect(link).toBeDefined();
    expect((await info(token)).statusCode).toBe(200);
    const res = await post('/api/auth/password/reset', {
      pass: 'Reset1234',
      token: decodeURIComponent(link!),
    });
    expect(res.json()).toEqual({ result: true });
    expect((await info(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await info(await t.login('forgetful@example.com', 'Reset1234'))).statusCode).toBe(200);
  });
});

describe('Cache-Control on API answers', () => {
  it('answers personal data, errors and sign-in with no-store', async () => {
    const token = await t.login('discharger@example.com');
    const me = await t.as({ token }).get('/users/info');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const signIn = await post('/api/auth/login', { email: 'discharger@example.com', password: 'Demo1234' });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refused = await t.anonymous.get('/users/info');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
