import type { ContractListItem } from '@junkan/shared/api/contracts';
import {
  CONTRACT_FILE_KINDS,
  type ContractFileKind,
  type ContractStatus,
  type RenewalDecision,
} from '@junkan/shared/contract-rules';
import type { ProjectStatus } from '@junkan/shared/enums';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, companies, contracts, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { openStoredFile, storedFileColumns } from '../../plugins/file-storage';
import { PERMIT_OWNER, permitCopyOf } from '../permit-core/permit-records';
import { actorOf } from '../project-core/project-access';
import { contractFileOwner, FILE_OWNERS, side, visibleTo } from '../project-core/project-contract';
import { contractOfParty } from './contract-parties';

// The contracts as either party reads them: the list, and a contract's documents and permit copy. Writing them
// is contract-draft.ts, contract-saving.ts and contract-sending.ts; the discharger's answer contract-answers.ts;
// renewal contract-renewal.ts.

/** GET /contracts and GET /trans/contracts: the side's contracts, newest first. */
export async function listContracts(db: DbOrTx, caller: Caller): Promise<ContractListItem[]> {
  const role = side(actorOf(caller.session));
  const { companyId } = caller;
  const counterpart = alias(companies, 'counterpart');
  const rows = await db
    .select({ contract: contracts, project: projects, counterpartName: counterpart.name })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(
      counterpart,
      eq(counterpart.id, role === 'WASTE' ? contracts.transportCompanyId : projects.companyId),
    )
    .where(
      role === 'WASTE'
        ? and(eq(projects.companyId, companyId), ne(contracts.status, 'DRAFT'))
        : eq(contracts.transportCompanyId, companyId),
    )
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(1000);
  const files = rows.length
    ? await db
        .select({ ownerId: attachments.ownerId, ownerType: attachments.ownerType })
        .from(attachments)
        .where(
          and(
            inArray(attachments.ownerType, FILE_OWNERS),
            inArray(
              attachments.ownerId,
              rows.map((r) => r.contract.id),
            ),
          ),
        )
    : [];
  const permitIds = [
    ...new Set(rows.flatMap((r) => (r.contract.permitId === null ? [] : [r.contract.permitId]))),
  ];
  const permitCopies = new Set(
    permitIds.length
      ? (
          await db
            .select({ ownerId: attachments.ownerId })
            .from(attachments)
            .where(and(eq(attachments.ownerType, PERMIT_OWNER), inArray(attachments.ownerId, permitIds)))
        ).map((a) => a.ownerId)
      : [],
  );
  return rows.map(({ contract: c, project: p, counterpartName }) => ({
    id: c.id,
    projectId: p.id,
    projectTitle: p.title,
    projectStatus: p.status as ProjectStatus,
    type: p.type,
    contractName: c.name,
    status: c.status as ContractStatus,
    startDate: c.startDate,
    endDate: c.endDate,
    contractType: c.contractType as ContractListItem['contractType'],
    renewal: (c.renewal as RenewalDecision | null) ?? null,
    counterpart: { id: role === 'WASTE' ? c.transportCompanyId : p.companyId, name: counterpartName },
    fileKinds: CONTRACT_FILE_KINDS.filter((k) =>
      files.some((f) => f.ownerId === c.id && f.ownerType === contractFileOwner(k)),
    ),
    hasPermitCopy: c.permitId !== null && permitCopies.has(c.permitId),
    updatedDate: c.updatedAt.toISOString(),
  }));
}

/** GET /projects/{id}/contract/files/{kind}: a contract document, for either party. */
export async function readContractFile(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  kind: ContractFileKind,
) {
  const db = app.db;
  const { contract } = await contractOfParty(db, caller, projectId);
  if (!contract || !visibleTo(contract.status, side(actorOf(caller.session))))
    throw new AppError('not_found', 'File not found');
  const [row] = await db
    .select(storedFileColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, contractFileOwner(kind)), eq(attachments.ownerId, contract.id)));
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}

/**
 * GET /projects/{id}/contract/permit-file: the PDF copy of the permit the contract's license was chosen from,
 * for either party (the discharger reads it through the contract, not through the transporter's permits). The
 * permit's current copy: a renewed permit's new PDF replaces the old one here too.
 */
export async function readContractPermitCopy(app: FastifyInstance, caller: Caller, projectId: number) {
  const { contract } = await contractOfParty(app.db, caller, projectId);
  if (!contract || !visibleTo(contract.status, side(actorOf(caller.session))) || contract.permitId === null)
    throw new AppError('not_found', 'File not found');
  const row = await permitCopyOf(app.db, contract.permitId);
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}
