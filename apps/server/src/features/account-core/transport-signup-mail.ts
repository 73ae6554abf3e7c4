import { appLink, paths } from '@junkan/shared/paths';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';

/** Enabled administrators, to be mailed. */
async function adminRecipients(db: DbOrTx) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.enabled, true), isNull(users.deletedAt)));
  return rows.map((r) => r.email);
}

/** Tells every enabled administrator that a transport company registered itself and waits for approval. */
export async function mailAdminsOfTransportSignup(app: FastifyInstance, companyId: number) {
  const [company] = await app.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return;
  const link = appLink(app.config.publicUrl, paths.transportApproval.to());
  const text = [
    '運搬会社の新規登録がありました。許可証の情報を確認し、承認または却下してください。',
    `会社名: ${company.name}`,
    '',
    link,
    '',
    'A transport company has registered and waits for your approval.',
  ].join('\n');
  for (const to of await adminRecipients(app.db))
    await app.mailer.send({
      to,
      subject: '【junkan】運搬会社の承認依頼 / A transport company awaits approval',
      text,
    });
}
