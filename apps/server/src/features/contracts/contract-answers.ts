import { statusOnApproval } from '@junkan/shared/contract-rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contracts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { getProjectDetail } from '../project-core/project-detail';
import { transitionProject } from '../project-core/project-status';
import { mailContractAnswer } from './contract-mails';
import { contractOfParty, requireAction } from './contract-parties';

/** The discharger's answer to a sent contract: approved, or returned to the transporter with a reason. */
async function answerContract(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  answer: { approve: true } | { approve: false; reason: string },
) {
  const now = app.now();
  const { project, contract } = await app.db.transaction(async (tx) => {
    const found = await contractOfParty(tx, caller, projectId, true);
    const c = found.contract;
    requireAction(found.project, c, 'WASTE', answer.approve ? 'APPROVE' : 'RETURN');
    if (!c) throw new AppError('contract_not_found', 'No contract');
    const changes = answer.approve
      ? { status: 'APPROVED', approvedAt: now }
      : { status: 'RETURNED', returnReason: answer.reason };
    await tx
      .update(contracts)
      .set({ ...changes, updatedAt: now, version: sql`${contracts.version} + 1` })
      .where(eq(contracts.id, c.id));
    await recordAudit(tx, caller, {
      action: answer.approve ? 'contract.approve' : 'contract.return',
      entity: 'contract',
      entityId: c.id,
      ...(answer.approve ? {} : { detail: { reason: answer.reason } }),
    });
    const to = answer.approve ? statusOnApproval(c.startDate, tokyoDate(now)) : 'CREATING_CONTRACT';
    await transitionProject(
      tx,
      caller,
      found.project,
      to,
      'WASTE',
      now,
      answer.approve ? null : answer.reason,
    );
    return { project: found.project, contract: c };
  });
  await mailContractAnswer(app, project, contract, answer);
  return getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()));
}

/** POST /projects/{id}/contract/approve: in progress from the start date (at once if it has come). */
export const approveContract = (app: FastifyInstance, caller: Caller, projectId: number) =>
  answerContract(app, caller, projectId, { approve: true });

/** POST /projects/{id}/contract/return: back to the transporter with the reason. */
export const returnContract = (app: FastifyInstance, caller: Caller, projectId: number, reason: string) =>
  answerContract(app, caller, projectId, { approve: false, reason });
