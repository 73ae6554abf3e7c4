import type { RenewalDecision } from '@junkan/shared/contract-rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contracts } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { extendRecurringRequests, removeCollectionsAfter } from '../project-core/collection-schedule';
import { actorOf } from '../project-core/project-access';
import { side } from '../project-core/project-contract';
import { getProjectDetail } from '../project-core/project-detail';
import { mailRenewalDecision } from './contract-mails';
import { contractOfParty, requireAction } from './contract-parties';

/**
 * POST /projects/{id}/contract/renewal (and trans/): either party decides whether an auto-renewing contract
 * continues past its period or ends with it.
 */
export async function decideRenewal(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  renewal: RenewalDecision,
) {
  const { session } = caller;
  const role = side(actorOf(session));
  const { project, contract, removedCollections } = await app.db.transaction(async (tx) => {
    const found = await contractOfParty(tx, caller, projectId, true);
    requireAction(found.project, found.contract, role, 'DECIDE_RENEWAL');
    const c = found.contract!;
    await tx
      .update(contracts)
      .set({ renewal, updatedAt: app.now(), version: sql`${contracts.version} + 1` })
      .where(eq(contracts.id, c.id));
    await recordAudit(tx, caller, {
      action: 'contract.renewal',
      entity: 'contract',
      entityId: c.id,
      detail: { renewal },
    });
    // Ending removes the collections beyond the period; continuing again brings the recurring ones back.
    if (renewal === 'END')
      return { ...found, removedCollections: await removeCollectionsAfter(tx, c.id, c.endDate, caller) };
    await extendRecurringRequests(tx, { ...c, renewal }, { source: caller, role, at: app.now() });
    return { ...found, removedCollections: 0 };
  });
  await mailRenewalDecision(app, project, contract!, role, renewal, removedCollections);
  return {
    ...(await getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()))),
    removedCollections,
  };
}
