import { randomUUID } from 'node:crypto';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '@junkan/shared/session';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userSessions } from '../db/schema';

/**
 * Starts a sign-in for a user who just proved who they are (password, or a mailed single-use link):
 * answers its id, which every token of the sign-in carries as `sid`.
 */
export async function startUserSession(db: DbOrTx, userId: number, now = new Date()): Promise<string> {
  // The user's sign-ins that ended long ago go: the table stays as small as the live ones.
  await db
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        lt(userSessions.expiresAt, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)),
      ),
    );
  const id = randomUUID();
  await db.insert(userSessions).values({
    id,
    userId,
    authenticatedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  });
  return id;
}

/** Ends one sign-in (sign-out). Ending it twice changes nothing. */
export async function revokeUserSession(db: DbOrTx, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Ends every sign-in of a user (password change or reset): tokens issued before stop working at once. */
export async function revokeAllUserSessions(db: DbOrTx, userId: number, now = new Date()): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}
