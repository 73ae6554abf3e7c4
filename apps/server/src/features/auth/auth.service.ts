import type { QuoteParams } from '@junkan/shared/api/auth';
import { LOGIN_FAILURE_MESSAGE } from '@junkan/shared/errors';
import { appLink, paths } from '@junkan/shared/paths';
import type { TokenClaims } from '@junkan/shared/session';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailTokens, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { revokeAllUserSessions, revokeUserSession, startUserSession } from '../../lib/user-sessions';
import type { Caller, Session } from '../../plugins/auth';
import {
  ACTIVATION_TOKEN_TTL_MS,
  consumeActivationToken,
  findLiveToken,
  isEmailTokenExpired,
  isLiveToken,
  issueEmailToken,
  issuePasswordResetLink,
  PASSWORD_LINK_PURPOSES,
} from '../account-core/email-links';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** POST /auth/login: `ip` is the client address the failed sign-ins are counted by. */
export async function login(
  app: FastifyInstance,
  audit: AuditSource,
  ip: string,
  input: { email: string; password: string },
) {
  const email = normalizeEmail(input.email);
  if (await app.loginThrottle.isBlocked(email, ip))
    throw new AppError('too_many_requests', 'Too many requests');
  const user = await app.db.query.users.findFirst({ where: eq(users.email, email) });
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || user.deletedAt || !ok) {
    await app.loginThrottle.recordFailure(email, ip);
    throw new AppError('MSG_01_01', LOGIN_FAILURE_MESSAGE.INCORRECT);
  }
  // Only a correct password learns that the account is inactive.
  if (!user.enabled) throw new AppError('account_is_not_enabled', LOGIN_FAILURE_MESSAGE.INACTIVE);
  await app.loginThrottle.recordSuccess(email, ip);
  const sessionId = await app.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: app.now() }).where(eq(users.id, user.id));
    await recordAudit(tx, audit, { action: 'login', entity: 'user', entityId: user.id, userId: user.id });
    return startUserSession(tx, user.id);
  });
  return { token: app.signSessionToken(user, sessionId) };
}

/**
 * POST /auth/logout: ends the sign-in of the caller's token, even an expired one; nothing to end is fine too.
 * `session` is the live one, if any; `authorization` the header, read when the token is no longer live.
 */
export async function logout(
  app: FastifyInstance,
  session: Session | null,
  authorization: string | undefined,
) {
  let sessionId = session?.sessionId;
  const bearer = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!sessionId && bearer) {
    try {
      sessionId = app.jwt.verify<TokenClaims>(bearer, { ignoreExpiration: true }).sid;
    } catch {
      // Not a token of ours: there is no sign-in to end.
    }
  }
  if (!sessionId) return;
  await revokeUserSession(app.db, sessionId);
  await app.sessionChanged({ sessionId });
}

export async function signup(
  app: FastifyInstance,
  audit: AuditSource,
  input: { email: string; userName?: string; password: string; role: 'WASTE' | 'TRANSPORT' } & QuoteParams,
) {
  const email = normalizeEmail(input.email);
  const quoteParams = Object.fromEntries(
    (['type', 'pcode', 'size', 'num', 'week'] as const)
      .filter((k) => input[k] !== undefined && input[k] !== '')
      .map((k) => [k, input[k] as string | number]),
  );
  const passwordHash = await hashPassword(input.password);
  const created = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        userName: input.userName ?? '',
        passwordHash,
        role: input.role,
        enabled: false,
        signupQuoteParams: Object.keys(quoteParams).length ? quoteParams : null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return null;
    await recordAudit(tx, audit, { action: 'signup', entity: 'user', entityId: user.id, userId: user.id });
    return { token: await issueEmailToken(tx, user.id, 'ACTIVATION', ACTIVATION_TOKEN_TTL_MS) };
  });
  if (!created) throw fieldError('email', 'MSG_04_1');
  const { token } = created;
  const query = new URLSearchParams({ token });
  for (const [k, v] of Object.entries(quoteParams)) query.set(k, String(v));
  const link = appLink(app.config.publicUrl, `${paths.userRegistration.to()}?${query.toString()}`);
  await app.mailer.send({
    to: email,
    subject: '【junkan】アカウント登録のご案内 / Complete your registration',
    text: [
      'junkan へのお申し込みありがとうございます。',
      '以下のリンクから72時間以内にアカウント情報を登録してください。',
      '',
      link,
      '',
      'Thank you for signing up for junkan. Complete your registration within 72 hours at the link above.',
      '',
      '※ お心当たりのない場合は、このメールを破棄してください。',
    ].join('\n'),
  });
  return { result: true };
}

/** GET users/email-token: whether the account behind an activation token is already active. */
export async function checkEmailToken(app: FastifyInstance, token: string) {
  const row = await app.db.query.emailTokens.findFirst({
    where: and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'ACTIVATION')),
  });
  if (!row) throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  const user = await app.db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user) throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  if (user.enabled) return { active: true, id: user.id };
  if (row.usedAt || isEmailTokenExpired(row.expiresAt)) {
    throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  }
  return { active: false, id: user.id };
}

export async function activateAccount(app: FastifyInstance, audit: AuditSource, token: string) {
  const { user, sessionId } = await app.db.transaction(async (tx) => {
    const activated = await consumeActivationToken(tx, token);
    await recordAudit(tx, audit, {
      action: 'activate',
      entity: 'user',
      entityId: activated.id,
      userId: activated.id,
    });
    // The single-use mailed link proves the user as a password does: it starts a sign-in.
    return { user: activated, sessionId: await startUserSession(tx, activated.id) };
  });
  return { token: app.signSessionToken(user, sessionId) };
}

export async function sendPasswordResetMail(app: FastifyInstance, emailInput: string) {
  const email = normalizeEmail(emailInput);
  const user = await app.db.query.users.findFirst({ where: eq(users.email, email) });
  // Spec: false answers MSG_02_1 (address not registered). Inactive accounts cannot reset either.
  if (!user?.enabled) return { result: false };
  const link = await issuePasswordResetLink(app, app.db, user.id);
  await app.mailer.send({
    to: email,
    subject: '【junkan】パスワード再設定のご案内 / Reset your password',
    text: [
      'パスワード再設定のお申し込みを受け付けました。',
      '以下のリンクから60分以内に新しいパスワードを設定してください。',
      '',
      link,
      '',
      'Set a new password within 60 minutes at the link above.',
      '',
      '※ お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ].join('\n'),
  });
  return { result: true };
}

export async function checkResetLink(app: FastifyInstance, token: string) {
  return { result: !!(await findLiveToken(app.db, token, PASSWORD_LINK_PURPOSES)) };
}

export async function resetPassword(
  app: FastifyInstance,
  audit: AuditSource,
  input: { pass: string; token: string },
) {
  const row = await findLiveToken(app.db, input.token, PASSWORD_LINK_PURPOSES);
  if (!row) return { result: false };
  // An invitation sets the first password of an account an office made, and so enables it.
  const invitation = row.purpose === 'INVITATION';
  const passwordHash = await hashPassword(input.pass);
  const outcome = await app.db.transaction(async (tx) => {
    const used = await tx
      .update(emailTokens)
      .set({ usedAt: app.now() })
      .where(
        // Still live: an office that stopped the account meanwhile expired its links.
        and(eq(emailTokens.id, row.id), isLiveToken()),
      )
      .returning({ id: emailTokens.id });
    if (!used.length) return { result: false };
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: app.now(), ...(invitation ? { enabled: true } : {}) })
      .where(eq(users.id, row.userId));
    // Whoever held a token of the old password is signed out.
    await revokeAllUserSessions(tx, row.userId);
    await recordAudit(tx, audit, {
      action: invitation ? 'invitation_accepted' : 'password_reset',
      entity: 'user',
      entityId: row.userId,
      userId: row.userId,
    });
    return { result: true };
  });
  if (outcome.result) await app.sessionChanged({ userId: row.userId });
  return outcome;
}

export async function changePassword(
  app: FastifyInstance,
  caller: Caller,
  input: { oldPass: string; newPass: string },
) {
  const { session } = caller;
  const user = await app.db.query.users.findFirst({ where: eq(users.id, session.userId) });
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPass))) {
    throw fieldError('oldPass', 'old_password_incorrect');
  }
  const passwordHash = await hashPassword(input.newPass);
  const sessionId = await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: app.now() }).where(eq(users.id, user.id));
    // Every sign-in of the user ends, this one included; the tab that changed it carries on with a new one.
    await revokeAllUserSessions(tx, user.id);
    await recordAudit(tx, caller, { action: 'password_change', entity: 'user', entityId: user.id });
    // An admin acting for the operator keeps the admin's own sign-in, which is not the operator's.
    return session.adminId != null ? session.sessionId : startUserSession(tx, user.id);
  });
  await app.sessionChanged({ userId: user.id });
  return { result: true, token: app.signSessionToken(user, sessionId, session.adminId) };
}

/**
 * POST /auth/refresh-token: a new 30-minute token of the same sign-in. Past the sign-in's absolute lifetime,
 * or once it is ended, the auth hook has already answered 401 (the client's session end).
 */
export async function refreshToken(app: FastifyInstance, session: Session) {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, session.userId) });
  if (!user) throw new AppError('unauthorized', 'Unauthorized');
  return { token: app.signSessionToken(user, session.sessionId, session.adminId) };
}
