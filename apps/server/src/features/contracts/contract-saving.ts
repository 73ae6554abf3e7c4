import type { ContractInput } from '@junkan/shared/api/contracts';
import type { ContractForm } from '@junkan/shared/contract-rules';
import {
  combineUnitPrice,
  hasPriceParts,
  UNIT_PRICE_PART_FIELDS,
  UNIT_PRICE_PARTS,
} from '@junkan/shared/rules/combined-unit-price';
import { contractPermitIssue } from '@junkan/shared/rules/permit-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, contracts, contractUnitPrices } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { type StoredRef, storedFileColumns, storedRefOf } from '../../plugins/file-storage';
import { companyPermit, type PermitRow } from '../permit-core/permit-records';
import { unitPriceNotConfirmed } from '../project-core/line-prices';
import type { ProjectRow } from '../project-core/project-access';
import { FILE_OWNERS, quotedLines } from '../project-core/project-contract';
import { getProjectDetail } from '../project-core/project-detail';
import { licenseOf, type PartPrices, partSources, type QuotedLine } from './contract-draft';
import { type ContractRow, contractOfParty, requireAction } from './contract-parties';

/**
 * The permit a contract of `transportCompanyId` starting on `startDate` names, held until the transaction ends.
 * Another company's permit is not found (404); one that cannot back the contract is a field error on permitId.
 */
async function contractPermit(tx: DbOrTx, transportCompanyId: number, permitId: number, startDate: string) {
  const permit = await companyPermit(tx, transportCompanyId, permitId, true);
  if (!permit) throw new AppError('permit_not_found', 'Permit not found', { permitId: 'permit_not_found' });
  const issue = contractPermitIssue(permit, startDate);
  if (issue) throw fieldError('permitId', issue);
  return permit;
}

/** Each priced line is one of the project's quoted lines, and every quoted line is priced. */
function requireEveryLine(input: ContractInput, lines: readonly QuotedLine[]) {
  const lineIds = new Set(lines.map((l) => l.id));
  input.unitPrices.forEach((line, i) => {
    if (!lineIds.has(line.wasteLineId)) throw fieldError(`unitPrices.${i}.wasteLineId`, 'not_found');
  });
  if (input.unitPrices.length !== lines.length) throw fieldError('unitPrices', 'MSG_00_21');
}

/**
 * The unit prices a contract saves. An industrial line of a COMBINED contract needs both parts, each typed and
 * found in the accepted quote or the price lists (else unit_price_cannot_be_confirmed on the part); its unit
 * price is their sum. Other lines keep the typed unit price and no parts.
 */
async function contractLinePrices(
  db: DbOrTx,
  project: ProjectRow,
  form: ContractForm,
  input: ContractInput,
  lines: readonly QuotedLine[],
  today: string,
) {
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const needsParts = input.unitPrices.some((l) =>
    hasPriceParts(project.type, form, lineOf.get(l.wasteLineId)?.kind ?? 'REGULAR'),
  );
  const sources = needsParts ? await partSources(db, project, lines, today) : new Map<number, PartPrices>();
  return input.unitPrices.map((l, i) => {
    const line = lineOf.get(l.wasteLineId)!;
    if (!hasPriceParts(project.type, form, line.kind))
      return {
        wasteLineId: l.wasteLineId,
        unitPrice: l.unitPrice,
        transportUnitPrice: null,
        disposalUnitPrice: null,
      };
    const source = sources.get(line.id);
    for (const part of UNIT_PRICE_PARTS) {
      const field = UNIT_PRICE_PART_FIELDS[part];
      if (l[field] == null || source?.[field] == null)
        throw unitPriceNotConfirmed(`unitPrices.${i}`, part, line.wasteName);
    }
    const parts = { transportUnitPrice: l.transportUnitPrice!, disposalUnitPrice: l.disposalUnitPrice! };
    return { wasteLineId: l.wasteLineId, unitPrice: combineUnitPrice(parts).unitPrice!, ...parts };
  });
}

/** The contract's columns as the transporter saved them, with the license copied from the permit. */
function contractValues(
  project: Pick<ProjectRow, 'type'>,
  input: ContractInput,
  permit: PermitRow,
  now: Date,
) {
  const industrial = project.type === 'INDUSTRIAL';
  return {
    name: input.contractName,
    startDate: input.startDate,
    endDate: input.endDate,
    contractType: input.contractType,
    // Municipal general waste has one template; the form and the manifest fee belong to industrial waste.
    contractForm: industrial ? input.contractForm : 'COMBINED',
    paymentMethod: input.paymentMethod,
    manifestFee: industrial ? input.manifestFee : 0,
    preparationFee: input.preparationFee,
    contactPerson: input.contactPerson,
    permitId: permit.id,
    ...licenseOf(permit),
    updatedAt: now,
  };
}

/**
 * Writes the contract's columns over the saved contract, or as a new DRAFT; its lines' prices are written
 * afresh by the caller. Answers its id and the stored documents of an earlier send it withdrew.
 */
async function writeContract(
  tx: DbOrTx,
  project: ProjectRow,
  contract: ContractRow | null,
  values: ReturnType<typeof contractValues>,
  createdBy: number,
): Promise<{ contractId: number; withdrawn: StoredRef[] }> {
  if (!contract) {
    const [row] = await tx
      .insert(contracts)
      .values({
        ...values,
        projectId: project.id,
        transportCompanyId: project.transportCompanyId!,
        status: 'DRAFT',
        createdBy,
      })
      .returning({ id: contracts.id });
    return { contractId: row!.id, withdrawn: [] };
  }
  const contractId = contract.id;
  await tx
    .update(contracts)
    .set({ ...values, version: sql`${contracts.version} + 1` })
    .where(eq(contracts.id, contractId));
  await tx.delete(contractUnitPrices).where(eq(contractUnitPrices.contractId, contractId));
  // The documents of an earlier send (a returned contract's) no longer say what the contract says: they
  // are withdrawn, and the next send renders them from the contract as saved.
  const removed = await tx
    .delete(attachments)
    .where(and(inArray(attachments.ownerType, FILE_OWNERS), eq(attachments.ownerId, contractId)))
    .returning(storedFileColumns);
  return { contractId, withdrawn: removed.map(storedRefOf) };
}

/** PUT /trans/projects/{id}/contract: saves the contract as the transporter writes it (a draft, or a correction). */
export async function saveContract(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  input: ContractInput,
) {
  const { session } = caller;
  let withdrawn: StoredRef[] = [];
  try {
    await app.db.transaction(async (tx) => {
      const { project, contract } = await contractOfParty(tx, caller, projectId, true);
      requireAction(project, contract, 'TRANSPORT', 'EDIT');
      const lines = await quotedLines(tx, projectId, project.transportCompanyId);
      requireEveryLine(input, lines);
      const permit = await contractPermit(tx, project.transportCompanyId!, input.permitId, input.startDate);
      const form = project.type === 'INDUSTRIAL' ? input.contractForm : 'COMBINED';
      const unitPrices = await contractLinePrices(tx, project, form, input, lines, tokyoDate(app.now()));
      const values = contractValues(project, input, permit, app.now());
      const written = await writeContract(tx, project, contract, values, session.userId);
      withdrawn = written.withdrawn;
      const { contractId } = written;
      await tx.insert(contractUnitPrices).values(unitPrices.map((l) => ({ contractId, ...l })));
      await recordAudit(tx, caller, {
        action: contract ? 'contract.update' : 'contract.create',
        entity: 'contract',
        entityId: contractId,
        detail: { permitId: permit.id },
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'contracts_project_unique')
      throw new AppError('invalid_status_transition', 'A contract was created meanwhile');
    throw error;
  }
  await app.files.deleteQuietly(withdrawn, app.log);
  return getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()));
}
