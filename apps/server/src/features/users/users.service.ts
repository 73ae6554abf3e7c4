import type { AccountInfo } from '@junkan/shared/api/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { type AuditSource, recordAudit } from '../../lib/audit';
import { startUserSession } from '../../lib/user-sessions';
import { assertKeysFree, createAccountCompany, mapKeyConflict } from '../account-core/account-records';
import { consumeActivationToken } from '../account-core/email-links';
import { mailAdminsOfTransportSignup } from '../account-core/transport-signup-mail';

/**
 * PUT /users/{id}: registration after activation. Saves the account information, activates the
 * account with the mailed token, all in one transaction, and answers a session token.
 */
export async function registerAccount(
  app: FastifyInstance,
  audit: AuditSource,
  userId: number,
  input: AccountInfo & { emailToken: string },
) {
  try {
    const { user, sessionId } = await app.db.transaction(async (tx) => {
      const activated = await consumeActivationToken(tx, input.emailToken, userId);
      await assertKeysFree(tx, userId, input);
      // A transport company that registers itself waits for an administrator before it sees any request.
      const isTransport = activated.role === 'TRANSPORT';
      const companyId = await createAccountCompany(
        tx,
        isTransport ? 'TRANSPORT' : 'WASTE',
        input,
        isTransport ? 'PENDING' : 'APPROVED',
      );
      const [saved] = await tx
        .update(users)
        .set({
          userName: input.accountName,
          companyId,
          registrantNumber: input.registrantNumber ?? null,
          ediKey: input.ediConfirmationKey ?? null,
          updatedAt: app.now(),
        })
        .where(eq(users.id, userId))
        .returning();
      await recordAudit(tx, audit, {
        action: 'register',
        entity: 'user',
        entityId: userId,
        userId,
        detail: { companyId, offices: input.offices.length, dischargeSites: input.wastes.length },
      });
      // Registration with the mailed single-use link signs the user in.
      return { user: saved!, sessionId: await startUserSession(tx, userId) };
    });
    await app.sessionChanged({ userId });
    // The registration is committed: a failed notice to the admins must not answer it as failed.
    if (user.role === 'TRANSPORT' && user.companyId != null)
      await mailAdminsOfTransportSignup(app, user.companyId).catch((err) =>
        app.log.error({ err }, 'mail to administrators about a transport sign-up failed'),
      );
    return { token: app.signSessionToken(user, sessionId) };
  } catch (err) {
    mapKeyConflict(err);
  }
}
