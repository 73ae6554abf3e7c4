import { appLink, paths } from '@junkan/shared/paths';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newOpaqueToken } from '../../lib/tokens';

export const ACTIVATION_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * ACTIVATION: a sign-up's link to its registration. PASSWORD_RESET: a link to set a new password. INVITATION: a
 * link an office mails to an account it made (a driver), which sets the first password on the same page and
 * enables the account: until then it cannot sign in.
 */
type Purpose = 'ACTIVATION' | 'PASSWORD_RESET' | 'INVITATION';

/** The links the password page takes. */
export const PASSWORD_LINK_PURPOSES = ['PASSWORD_RESET', 'INVITATION'] as const;
type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** Creates a token row and returns the raw token (only its hash is stored). */
export async function issueEmailToken(db: DbOrTx, userId: number, purpose: Purpose, ttlMs: number) {
  const { token, hash } = newOpaqueToken();
  await db
    .insert(emailTokens)
    .values({ userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Whether a mailed link has lapsed: its lifetime is a security timing, on the machine's clock. */
export const isEmailTokenExpired = (expiresAt: Date) => expiresAt <= new Date();

/** A token row that is still live (unused, unexpired), as a condition: for a write that must not use a lapsed link. */
export const isLiveToken = () => and(isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date()));

/** The live (unused, unexpired) token row of a purpose (or of one of several), or undefined. */
export async function findLiveToken(db: DbOrTx, token: string, purpose: Purpose | readonly Purpose[]) {
  return db.query.emailTokens.findFirst({
    where: and(
      eq(emailTokens.tokenHash, hashToken(token)),
      typeof purpose === 'string' ? eq(emailTokens.purpose, purpose) : inArray(emailTokens.purpose, purpose),
      isLiveToken(),
    ),
  });
}

/**
 * Consumes a live activation token for `userId` inside a transaction; throws when it does not fit.
 * Used by account activation and by registration, which activates as it saves.
 */
export async function consumeActivationToken(tx: Tx, token: string, userId?: number) {
  const row = await findLiveToken(tx, token, 'ACTIVATION');
  if (!row || (userId !== undefined && row.userId !== userId)) {
    throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  }
  const user = await tx.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user) throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  if (user.enabled) throw new AppError('account_already_active', 'Account already active');
  const used = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  // A concurrent request consumed it first.
  if (!used.length) throw new AppError('token_invalid_or_expired', 'Invalid or expired token');
  const [activated] = await tx
    .update(users)
    .set({ enabled: true, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return activated!;
}

/**
 * Issues a password-reset token for a user and answers the reset page's link that carries it.
 * Also used by the account master, whose new accounts set their first password through this link, and by the
 * office's drivers (`INVITATION`: the account is enabled when the password is set).
 */
export async function issuePasswordResetLink(
  app: FastifyInstance,
  db: DbOrTx,
  userId: number,
  ttlMs = RESET_TOKEN_TTL_MS,
  purpose: PasswordLinkPurpose = 'PASSWORD_RESET',
): Promise<string> {
  const token = await issueEmailToken(db, userId, purpose, ttlMs);
  return appLink(app.config.publicUrl, `${paths.resetPassword.to()}?token=${encodeURIComponent(token)}`);
}

/**
 * Ends the user's mailed links that are still live (an account stopped: its invitation or reset link no longer
 * works). They are expired, not deleted: an invitation that was never used still tells that the account was never
 * activated.
 */
export async function expireLiveTokens(db: DbOrTx, userId: number): Promise<void> {
  const now = new Date();
  await db
    .update(emailTokens)
    .set({ expiresAt: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
}
