import { type ContractAction, type ContractStatus, contractActions } from '@junkan/shared/contract-rules';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contracts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { actorOf, type ProjectRow, projectFor } from '../project-core/project-access';
import type { Side } from '../project-core/project-contract';

export type ContractRow = typeof contracts.$inferSelect;

/**
 * The project (locked when `lock`) and its contract, for the discharger who owns it or the transporter it is
 * with. An open request a transporter merely may quote is not its contract's business: 404.
 */
export async function contractOfParty(db: DbOrTx, caller: Caller, projectId: number, lock = false) {
  const project = await projectFor(db, caller, projectId, lock);
  if (actorOf(caller.session) === 'TRANSPORT' && project.transportCompanyId !== caller.companyId)
    throw new AppError('project_not_found', 'Project not found');
  const query = db.select().from(contracts).where(eq(contracts.projectId, projectId));
  const [contract] = lock ? await query.for('update') : await query;
  return { project, contract: contract ?? null };
}

/** Refuses a step the shared `contractActions` does not allow `role` on the project and contract as they are. */
export function requireAction(
  project: ProjectRow,
  contract: ContractRow | null,
  role: Side,
  action: ContractAction,
): void {
  const allowed = contractActions(
    {
      projectStatus: project.status,
      contractStatus: (contract?.status as ContractStatus | undefined) ?? null,
      contractType: contract?.contractType ?? null,
    },
    role,
  );
  if (!allowed.includes(action))
    throw new AppError(
      'invalid_status_transition',
      `The contract cannot be changed now (${action})`,
      undefined,
      {
        from: project.status,
        to: project.status,
      },
    );
}
