import {
  addMonths,
  CONTRACT_FILE_KINDS,
  type ContractAction,
  type ContractDraft,
  type ContractFileKind,
  type ContractForm,
  type ContractInput,
  type ContractListItem,
  type ContractStatus,
  combineUnitPrice,
  contractActions,
  contractDateIssues,
  contractFileKinds,
  contractPermitIssue,
  coveragePeriod,
  hasPriceParts,
  type MessageCode,
  type ProjectStatus,
  permitDistrictName,
  previousDay,
  type RenewalDecision,
  statusOnApproval,
  UNIT_PRICE_PART_FIELDS,
  UNIT_PRICE_PARTS,
} from '@junkan/shared';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  companies,
  contracts,
  contractUnitPrices,
  dischargeSites,
  projectDischargeSites,
  projects,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { siteAddress } from '../../lib/site-address';
import { JAPANESE_WEEKDAYS, tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import type { FileStorage, StoredRef } from '../../plugins/file-storage';
import { mailCompany } from '../../plugins/mail';
import {
  companyPermit,
  contractPermitsOf,
  PERMIT_OWNER,
  type PermitRow,
  permitCopyOf,
} from '../permit-core/permit-records';
import { requirePermitCoverage } from '../permit-core/project-coverage';
import { extendRecurringRequests, removeCollectionsAfter } from '../project-core/collection-schedule';
import { listedLinePrices, unitPriceNotConfirmed } from '../project-core/line-prices';
import { actorOf, type ProjectRow, projectFor } from '../project-core/project-access';
import {
  acceptedQuoteForm,
  contractFileOwner,
  FILE_OWNERS,
  quotedLines,
  type Side,
  side,
  visibleTo,
} from '../project-core/project-contract';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { openStoredFile, storedRefOf, storeGeneratedFile } from '../project-core/project-file-store';
import { storedFileColumns } from '../project-core/project-files';
import { transitionProject } from '../project-core/project-status';
import { type ContractDocumentData, contractFileName, renderContractPdf } from './contract-document';

type ContractRow = typeof contracts.$inferSelect;

/** GET /contracts and GET /trans/contracts: the side's contracts, newest first. */
export async function listContracts(db: DbOrTx, session: Session): Promise<ContractListItem[]> {
  const role = side(actorOf(session));
  const companyId = session.companyId;
  if (!companyId) return [];
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
  session: Session,
  projectId: number,
  kind: ContractFileKind,
) {
  const db = app.db;
  const { contract } = await contractOfParty(db, session, projectId);
  if (!contract || !visibleTo(contract.status, side(actorOf(session))))
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
export async function readContractPermitCopy(app: FastifyInstance, session: Session, projectId: number) {
  const { contract } = await contractOfParty(app.db, session, projectId);
  if (!contract || !visibleTo(contract.status, side(actorOf(session))) || contract.permitId === null)
    throw new AppError('not_found', 'File not found');
  const row = await permitCopyOf(app.db, contract.permitId);
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}

// ---- The parties -------------------------------------------------------------------------------

/**
 * The project (locked when `lock`) and its contract, for the discharger who owns it or the transporter it is
 * with. An open request a transporter merely may quote is not its contract's business: 404.
 */
async function contractOfParty(db: DbOrTx, session: Session, projectId: number, lock = false) {
  const project = await projectFor(db, session, projectId, lock);
  if (actorOf(session) === 'TRANSPORT' && project.transportCompanyId !== session.companyId)
    throw new AppError('project_not_found', 'Project not found');
  const query = db.select().from(contracts).where(eq(contracts.projectId, projectId));
  const [contract] = lock ? await query.for('update') : await query;
  return { project, contract: contract ?? null };
}

function requireAction(
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

// ---- The transporter writes and sends ----------------------------------------------------------

const firstOfNextMonth = (today: string) => addMonths(`${today.slice(0, 8)}01`, 1);

type QuotedLine = Awaited<ReturnType<typeof quotedLines>>[number];
type PartPrices = { transportUnitPrice: number | null; disposalUnitPrice: number | null };

/**
 * Where a COMBINED contract takes an industrial line's transport and disposal parts from: the accepted quote's
 * parts, else the company's price lists in effect today. Null parts are not found in either.
 */
async function partSources(
  db: DbOrTx,
  project: ProjectRow,
  lines: readonly QuotedLine[],
  today: string,
): Promise<Map<number, PartPrices>> {
  const parts = new Map<number, PartPrices>();
  if (project.type !== 'INDUSTRIAL' || project.transportCompanyId == null) return parts;
  const listed = new Map(
    (await listedLinePrices(db, project.transportCompanyId, project, today)).map((l) => [l.wasteLineId, l]),
  );
  for (const line of lines) {
    if (line.kind !== 'INDUSTRIAL') continue;
    const l = listed.get(line.id);
    parts.set(line.id, {
      transportUnitPrice: line.quotedTransportPrice ?? l?.transportUnitPrice ?? null,
      disposalUnitPrice: line.quotedDisposalPrice ?? l?.disposalUnitPrice ?? null,
    });
  }
  return parts;
}

/** GET /trans/projects/{id}/contract-draft: the saved contract, or defaults from the project and its quote. */
export async function contractDraft(
  db: DbOrTx,
  session: Session,
  projectId: number,
  today: string,
): Promise<ContractDraft> {
  const { project, contract } = await contractOfParty(db, session, projectId);
  const lines = await quotedLines(db, projectId, project.transportCompanyId);
  const sources = await partSources(db, project, lines, today);
  const partsOf = (lineId: number, saved?: PartPrices): PartPrices => {
    const source = sources.get(lineId);
    return {
      transportUnitPrice: saved?.transportUnitPrice ?? source?.transportUnitPrice ?? null,
      disposalUnitPrice: saved?.disposalUnitPrice ?? source?.disposalUnitPrice ?? null,
    };
  };
  if (contract) {
    const prices = await db
      .select()
      .from(contractUnitPrices)
      .where(eq(contractUnitPrices.contractId, contract.id));
    const priceOf = new Map(prices.map((p) => [p.wasteLineId, p]));
    return {
      contractName: contract.name,
      startDate: contract.startDate,
      endDate: contract.endDate,
      contractType: contract.contractType as ContractDraft['contractType'],
      contractForm: contract.contractForm as ContractDraft['contractForm'],
      paymentMethod: contract.paymentMethod as ContractDraft['paymentMethod'],
      unitPrices: lines.map((l) => ({
        wasteLineId: l.id,
        wasteName: l.wasteName,
        kind: l.kind,
        unitPrice: priceOf.get(l.id)?.unitPrice ?? l.quotedPrice,
        ...partsOf(l.id, priceOf.get(l.id)),
        unit: l.unit,
        quantity: l.quotedQuantity,
      })),
      manifestFee: contract.manifestFee,
      preparationFee: contract.preparationFee,
      contactPerson: contract.contactPerson,
      licenseNumber: contract.licenseNumber,
      licenseDistrict: contract.licenseDistrict,
      licenseExpireDate: contract.licenseExpireDate,
      permitId: contract.permitId,
      returnReason: contract.returnReason,
      status: contract.status as ContractStatus,
    };
  }
  const companyId = session.companyId!;
  const [company] = await db
    .select({ contractPic: companies.contractPic })
    .from(companies)
    .where(eq(companies.id, companyId));
  const startDate = firstOfNextMonth(today);
  // The permit of the company's latest contract that names one, when it can back this contract too.
  const [latest] = await db
    .select({ permitId: contracts.permitId })
    .from(contracts)
    .where(and(eq(contracts.transportCompanyId, companyId), isNotNull(contracts.permitId)))
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(1);
  const latestPermit = latest?.permitId ? await companyPermit(db, companyId, latest.permitId) : null;
  const permit = latestPermit && !contractPermitIssue(latestPermit, startDate) ? latestPermit : null;
  const license = permit ? licenseOf(permit) : null;
  const spotOnly =
    project.type === 'INDUSTRIAL' && lines.length > 0 && lines.every((l) => l.frequency === 'SPOT');
  return {
    contractName: project.title,
    startDate,
    endDate: spotOnly ? startDate : previousDay(addMonths(startDate, 12)),
    contractType: spotOnly ? 'SPOT' : 'AUTO_UPDATE',
    // The form the accepted quote was made for; COMBINED when it stated none.
    contractForm: (await acceptedQuoteForm(db, projectId, project.transportCompanyId)) ?? 'COMBINED',
    paymentMethod: 'PAYMENT_INVOICE',
    unitPrices: lines.map((l) => ({
      wasteLineId: l.id,
      wasteName: l.wasteName,
      kind: l.kind,
      unitPrice: l.quotedPrice,
      ...partsOf(l.id),
      unit: l.unit,
      quantity: l.quotedQuantity,
    })),
    manifestFee: 0,
    preparationFee: 0,
    contactPerson: company?.contractPic ?? '',
    licenseNumber: license?.licenseNumber ?? '',
    licenseDistrict: license?.licenseDistrict ?? '',
    licenseExpireDate: license?.licenseExpireDate ?? '',
    permitId: permit?.id ?? null,
    returnReason: null,
    status: null,
  };
}

/** The contract's license columns: a copy of the permit's district (its Japanese name), number and expiry. */
const licenseOf = (permit: PermitRow) => ({
  licenseNumber: permit.licenseNumber,
  licenseDistrict: permitDistrictName(permit.districtCode),
  licenseExpireDate: permit.expiryDate,
});

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
      const { project, contract } = await contractOfParty(tx, session, projectId, true);
      requireAction(project, contract, 'TRANSPORT', 'EDIT');
      const lines = await quotedLines(tx, projectId, project.transportCompanyId);
      const lineOf = new Map(lines.map((l) => [l.id, l]));
      input.unitPrices.forEach((line, i) => {
        if (!lineOf.has(line.wasteLineId)) throw fieldError(`unitPrices.${i}.wasteLineId`, 'not_found');
      });
      if (input.unitPrices.length !== lines.length) throw fieldError('unitPrices', 'MSG_00_21');
      const permit = await contractPermit(tx, project.transportCompanyId!, input.permitId, input.startDate);
      const industrial = project.type === 'INDUSTRIAL';
      const unitPrices = await contractLinePrices(
        tx,
        project,
        industrial ? input.contractForm : 'COMBINED',
        input,
        lines,
        tokyoDate(app.now()),
      );
      const values = {
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
        updatedAt: app.now(),
      };
      let contractId: number;
      if (contract) {
        contractId = contract.id;
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
        withdrawn = removed.map(storedRefOf);
      } else {
        const [row] = await tx
          .insert(contracts)
          .values({
            ...values,
            projectId,
            transportCompanyId: project.transportCompanyId!,
            status: 'DRAFT',
            createdBy: session.userId,
          })
          .returning({ id: contracts.id });
        contractId = row!.id;
      }
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
  return getProjectDetail(app.db, session, projectId, tokyoDate(app.now()));
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

/** How often a line is collected, in the document's words. */
function collectionDays(line: Awaited<ReturnType<typeof quotedLines>>[number]): string {
  if (line.kind === 'REGULAR' && line.weekdays?.length)
    return `毎週 ${line.weekdays.map((d) => JAPANESE_WEEKDAYS[d]).join('・')}曜日`;
  const time = line.transTime ? `（${line.transTime}）` : '';
  if (line.frequency === 'WEEKLY') return `週${line.frequencyNumber ?? 1}回${time}`;
  if (line.frequency === 'MONTHLY') return `月${line.frequencyNumber ?? 1}回${time}`;
  if (line.frequency === 'SPOT') return `スポット（都度）${time}`;
  return '協議により定める';
}

const printedParts = (price: PartPrices | undefined) =>
  price?.transportUnitPrice != null && price.disposalUnitPrice != null
    ? { transport: price.transportUnitPrice, disposal: price.disposalUnitPrice }
    : null;

async function documentData(
  db: DbOrTx,
  project: Pick<ProjectRow, 'id' | 'type' | 'companyId'>,
  contract: ContractRow,
  issuedDate: string,
) {
  const [discharger] = await db.select().from(companies).where(eq(companies.id, project.companyId));
  const [transporter] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, contract.transportCompanyId));
  const sites = await db
    .select({ site: dischargeSites })
    .from(projectDischargeSites)
    .innerJoin(dischargeSites, eq(dischargeSites.id, projectDischargeSites.dischargeSiteId))
    .where(eq(projectDischargeSites.projectId, project.id))
    .orderBy(asc(dischargeSites.id));
  const prices = await db
    .select()
    .from(contractUnitPrices)
    .where(eq(contractUnitPrices.contractId, contract.id));
  const priceOf = new Map(prices.map((p) => [p.wasteLineId, p]));
  const lines = await quotedLines(db, project.id, contract.transportCompanyId);
  const permit =
    contract.permitId === null
      ? null
      : (await contractPermitsOf(db, [contract.permitId], issuedDate)).get(contract.permitId);
  // The quantity in the unit it was stated in (the request's), not the price's: 2 t priced per kg is 2 t.
  const quantityText = (l: (typeof lines)[number]) => {
    const q = l.kind === 'REGULAR' ? l.monthlyCapacity : l.quantity;
    if (q == null || Number(q) === 0) return null;
    return l.kind === 'REGULAR'
      ? `月 ${Number(q).toLocaleString('ja-JP')} kg`
      : `${Number(q).toLocaleString('ja-JP')} ${l.quantityUnit ?? l.unit ?? ''}`.trim();
  };
  const base: Omit<ContractDocumentData, 'kind'> = {
    contractName: contract.name,
    startDate: contract.startDate,
    endDate: contract.endDate,
    contractType: contract.contractType as ContractDocumentData['contractType'],
    paymentMethod: contract.paymentMethod as ContractDocumentData['paymentMethod'],
    issuedDate,
    discharger: {
      name: discharger?.name ?? '',
      address: discharger?.address ?? '',
      contactPerson: discharger?.contractPic ?? '',
    },
    transporter: {
      name: transporter?.name ?? '',
      address: transporter?.address ?? '',
      contactPerson: contract.contactPerson,
      licenseNumber: contract.licenseNumber,
      licenseDistrict: contract.licenseDistrict,
      licenseExpireDate: contract.licenseExpireDate,
      licenseWasteKinds: permit ? permit.wasteKinds.map((k) => k.name) : null,
    },
    dischargeSites: sites.map(({ site: s }) => ({
      name: s.name,
      address: siteAddress(s),
    })),
    lines: lines.map((l) => ({
      wasteName: l.wasteName,
      quantity: quantityText(l),
      unitPrice: priceOf.get(l.id)?.unitPrice ?? 0,
      parts: printedParts(priceOf.get(l.id)),
      unit: l.unit,
      collectionDays: collectionDays(l),
    })),
    manifestFee: contract.manifestFee,
    preparationFee: contract.preparationFee,
  };
  return contractFileKinds(project.type, contract.contractForm as 'COMBINED' | 'SEPARATE').map(
    (kind): ContractDocumentData => ({ ...base, kind }),
  );
}

/** The contract's documents rendered as PDF, one per kind its project type and form call for. */
export async function renderContractDocuments(
  db: DbOrTx,
  project: Pick<ProjectRow, 'id' | 'type' | 'companyId'>,
  contract: ContractRow,
  issuedDate: string,
) {
  return Promise.all(
    (await documentData(db, project, contract, issuedDate)).map(async (data) => ({
      kind: data.kind,
      fileName: contractFileName(data),
      content: await renderContractPdf(data),
    })),
  );
}

/**
 * Stores rendered documents in the file storage and answers their attachment rows. On failure, whatever was
 * stored is deleted again.
 */
export async function storeDocuments(
  files: FileStorage,
  contractId: number,
  documents: Awaited<ReturnType<typeof renderContractDocuments>>,
  createdBy: number | null,
) {
  const rows = [];
  try {
    for (const d of documents) {
      const stored = await storeGeneratedFile(files, { content: d.content, mimeType: 'application/pdf' });
      rows.push({
        ownerType: contractFileOwner(d.kind),
        ownerId: contractId,
        fileName: d.fileName,
        mimeType: 'application/pdf',
        ...stored,
        createdBy,
      });
    }
  } catch (error) {
    await Promise.allSettled(rows.map((r) => files.delete(storedRefOf(r))));
    throw error;
  }
  return rows;
}

const dateFieldErrors = (issues: { path: string; code: MessageCode }[]) => {
  const first = issues[0];
  if (!first) return;
  throw new AppError(first.code, first.code, Object.fromEntries(issues.map((i) => [i.path, i.code])));
};

/**
 * POST /trans/projects/{id}/contract/send: renders the contract documents, stores them and asks the
 * discharger to confirm (REQUEST_CONTRACT). The documents are rendered outside the transaction; the
 * transaction then checks that the contract is still the version they were made from.
 */
export async function sendContract(app: FastifyInstance, caller: Caller, projectId: number) {
  const now = app.now();
  const { session } = caller;
  const { project, contract } = await contractOfParty(app.db, session, projectId);
  if (!contract) throw new AppError('contract_not_found', 'No contract to send');
  requireAction(project, contract, 'TRANSPORT', 'SEND');
  dateFieldErrors(contractDateIssues(contract, tokyoDate(now)));
  // Issue 15: industrial waste only under permits covering the route and kinds through the contract period.
  if (project.type === 'INDUSTRIAL')
    await requirePermitCoverage(app.db, {
      projectId,
      transportCompanyId: contract.transportCompanyId,
      ...coveragePeriod(contract, tokyoDate(now)),
    });
  const documents = await renderContractDocuments(app.db, project, contract, tokyoDate(now));
  const rows = await storeDocuments(app.files, contract.id, documents, session.userId);
  let replaced: StoredRef[] = [];
  try {
    await app.db.transaction(async (tx) => {
      const locked = await contractOfParty(tx, session, projectId, true);
      if (!locked.contract || locked.contract.version !== contract.version)
        throw new AppError('invalid_status_transition', 'The contract changed meanwhile');
      requireAction(locked.project, locked.contract, 'TRANSPORT', 'SEND');
      const removed = await tx
        .delete(attachments)
        .where(and(inArray(attachments.ownerType, FILE_OWNERS), eq(attachments.ownerId, contract.id)))
        .returning(storedFileColumns);
      replaced = removed.map(storedRefOf);
      await tx.insert(attachments).values(rows);
      await tx
        .update(contracts)
        .set({
          status: 'REQUESTED',
          sentAt: now,
          returnReason: null,
          updatedAt: now,
          version: sql`${contracts.version} + 1`,
        })
        .where(eq(contracts.id, contract.id));
      await recordAudit(tx, caller, {
        action: 'contract.send',
        entity: 'contract',
        entityId: contract.id,
        detail: { files: documents.map((d) => d.kind) },
      });
      await transitionProject(tx, caller, locked.project, 'REQUEST_CONTRACT', 'TRANSPORT', now);
    });
  } catch (error) {
    await app.files.deleteQuietly(rows.map(storedRefOf), app.log);
    throw error;
  }
  // The documents of an earlier send are replaced: their objects go once their rows are gone for good.
  await app.files.deleteQuietly(replaced, app.log);
  await mailCompany(app, project.companyId, 'WASTE', {
    subject: '【junkan】契約書の確認依頼が届きました / Please confirm your contract',
    lines: [
      '収集運搬業者から契約書の確認依頼が届きました。内容をご確認のうえ、承認または差し戻しをしてください。',
      `案件名: ${project.title}`,
    ],
    english: 'A transporter has sent a contract for you to confirm.',
    path: `/contract-confirm/${projectId}`,
  });
  return getProjectDetail(app.db, session, projectId, tokyoDate(app.now()));
}

// ---- The discharger answers --------------------------------------------------------------------

async function answerContract(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  answer: { approve: true } | { approve: false; reason: string },
) {
  const now = app.now();
  const { session } = caller;
  const { project, contract } = await app.db.transaction(async (tx) => {
    const found = await contractOfParty(tx, session, projectId, true);
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
  await mailCompany(app, contract.transportCompanyId, 'TRANSPORT', {
    subject: answer.approve
      ? '【junkan】契約が承認されました / Your contract was approved'
      : '【junkan】契約書が差し戻されました / Your contract was returned',
    lines: answer.approve
      ? [
          '排出事業者が契約を承認しました。',
          `案件名: ${project.title}`,
          `契約期間: ${contract.startDate} 〜 ${contract.endDate}`,
        ]
      : [
          '排出事業者が契約書を差し戻しました。内容を修正して再送してください。',
          `案件名: ${project.title}`,
          `理由: ${answer.reason}`,
        ],
    english: answer.approve
      ? 'The discharger approved your contract.'
      : 'The discharger returned your contract; please correct it and send it again.',
    path: answer.approve ? projectDetailPath(projectId) : `/contract-create/${projectId}`,
  });
  return getProjectDetail(app.db, session, projectId, tokyoDate(app.now()));
}

/** POST /projects/{id}/contract/approve: in progress from the start date (at once if it has come). */
export const approveContract = (app: FastifyInstance, caller: Caller, projectId: number) =>
  answerContract(app, caller, projectId, { approve: true });

/** POST /projects/{id}/contract/return: back to the transporter with the reason. */
export const returnContract = (app: FastifyInstance, caller: Caller, projectId: number, reason: string) =>
  answerContract(app, caller, projectId, { approve: false, reason });

// ---- Renewal -----------------------------------------------------------------------------------

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
    const found = await contractOfParty(tx, session, projectId, true);
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
  const other: Side = role === 'WASTE' ? 'TRANSPORT' : 'WASTE';
  await mailCompany(app, other === 'WASTE' ? project.companyId : contract!.transportCompanyId, other, {
    subject:
      renewal === 'END'
        ? '【junkan】契約の自動更新が終了されました / Auto-renewal was ended'
        : '【junkan】契約の自動更新が継続されました / Auto-renewal continues',
    lines: [
      renewal === 'END'
        ? `契約は期間満了（${contract!.endDate}）で終了します。${removedCollections ? `契約期間後の回収予定${removedCollections}件を削除しました。` : ''}`
        : `契約は期間満了（${contract!.endDate}）後も同一条件で更新されます。`,
      `案件名: ${project.title}`,
    ],
    english:
      renewal === 'END'
        ? 'The contract ends at the end of its period.'
        : 'The contract renews at the end of its period.',
    path: projectDetailPath(projectId),
  });
  return {
    ...(await getProjectDetail(app.db, session, projectId, tokyoDate(app.now()))),
    removedCollections,
  };
}
