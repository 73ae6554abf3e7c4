import { COLLECTION_MAX } from '@junkan/shared/api/collections';
import { daysBetween } from '@junkan/shared/contract-rules';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { dischargeSites, projectDischargeSites } from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { validationError } from '../project-core/collection-moves';

/** The side a call acts for: the discharger (WASTE) or the transporter (TRANSPORT). */
export type Party = 'WASTE' | 'TRANSPORT';

/** Today in Japan on the business clock. */
export const businessToday = (app: FastifyInstance) => tokyoDate(app.now());

/** A list or calendar range: `to` not before `from`, and at most COLLECTION_MAX.rangeDays days. */
export function checkRange(from: string, to: string): void {
  if (to < from || daysBetween(from, to) + 1 > COLLECTION_MAX.rangeDays)
    throw validationError({ to: 'invalid_period' });
}

/** A project's discharge sites. */
export async function sitesOfProject(db: DbOrTx, projectId: number) {
  return db
    .select({
      id: dischargeSites.id,
      name: dischargeSites.name,
      postalCode: dischargeSites.postalCode,
      address1: dischargeSites.address1,
      address2: dischargeSites.address2,
      address3: dischargeSites.address3,
    })
    .from(projectDischargeSites)
    .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
    .where(eq(projectDischargeSites.projectId, projectId))
    .orderBy(asc(dischargeSites.id));
}
