import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';

export interface ProjectMail {
  subject: string;
  /** Japanese body lines; the English line follows after the link. */
  lines: string[];
  english: string;
  /** Path under the web app's base where the recipient acts, e.g. `/project-managment/detail/12`. */
  path: string;
}

/** Mails every enabled user of a company's side about a project hand-off (through SMTP or the outbox). */
export async function mailCompany(
  app: FastifyInstance,
  companyId: number,
  role: 'WASTE' | 'TRANSPORT',
  mail: ProjectMail,
) {
  const recipients = await app.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, role),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    );
  const link = `${app.config.publicUrl}/sys${mail.path}`;
  for (const { email } of recipients)
    await app.mailer.send({
      to: email,
      subject: mail.subject,
      text: [...mail.lines, '', link, '', mail.english].join('\n'),
    });
}

export const projectDetailPath = (projectId: number) => `/project-managment/detail/${projectId}`;
