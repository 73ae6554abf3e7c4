import { contractDateIssues, contractFileKinds } from '@junkan/shared/contract-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { coveragePeriod } from '@junkan/shared/rules/permit-coverage';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  companies,
  contracts,
  contractUnitPrices,
  dischargeSites,
  projectDischargeSites,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { siteAddress } from '../../lib/site-address';
import { JAPANESE_WEEKDAYS, tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import {
  type FileStorage,
  type StoredRef,
  storedFileColumns,
  storedRefOf,
  storeGeneratedFile,
} from '../../plugins/file-storage';
import { contractPermitsOf } from '../permit-core/permit-records';
import { requirePermitCoverage } from '../permit-core/project-coverage';
import type { ProjectRow } from '../project-core/project-access';
import { contractFileOwner, FILE_OWNERS, quotedLines } from '../project-core/project-contract';
import { getProjectDetail } from '../project-core/project-detail';
import { transitionProject } from '../project-core/project-status';
import { type ContractDocumentData, contractFileName, renderContractPdf } from './contract-document';
import type { PartPrices, QuotedLine } from './contract-draft';
import { mailContractSent } from './contract-mails';
import { type ContractRow, contractOfParty, requireAction } from './contract-parties';

// ---- What the documents print ------------------------------------------------------------------

/** How often a line is collected, in the document's words. */
function collectionDays(line: QuotedLine): string {
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

// The quantity in the unit it was stated in (the request's), not the price's: 2 t priced per kg is 2 t.
const quantityText = (l: QuotedLine) => {
  const q = l.kind === 'REGULAR' ? l.monthlyCapacity : l.quantity;
  if (q == null || Number(q) === 0) return null;
  return l.kind === 'REGULAR'
    ? `月 ${Number(q).toLocaleString('ja-JP')} kg`
    : `${Number(q).toLocaleString('ja-JP')} ${l.quantityUnit ?? l.unit ?? ''}`.trim();
};

/** Everything the documents print, read from the database: the parties, the sites, the lines and the permit. */
async function documentSources(
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
  const lines = await quotedLines(db, project.id, contract.transportCompanyId);
  const permit =
    contract.permitId === null
      ? null
      : (await contractPermitsOf(db, [contract.permitId], issuedDate)).get(contract.permitId);
  return { discharger, transporter, sites: sites.map((s) => s.site), prices, lines, permit };
}

/** The documents' data, one per kind the project type and the contract's form call for. */
function documentData(
  project: Pick<ProjectRow, 'type'>,
  contract: ContractRow,
  issuedDate: string,
  { discharger, transporter, sites, prices, lines, permit }: Awaited<ReturnType<typeof documentSources>>,
): ContractDocumentData[] {
  const priceOf = new Map(prices.map((p) => [p.wasteLineId, p]));
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
    dischargeSites: sites.map((s) => ({
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

// ---- Rendering and storing ---------------------------------------------------------------------

/** The contract's documents rendered as PDF, one per kind its project type and form call for. */
export async function renderContractDocuments(
  db: DbOrTx,
  project: Pick<ProjectRow, 'id' | 'type' | 'companyId'>,
  contract: ContractRow,
  issuedDate: string,
) {
  const sources = await documentSources(db, project, contract, issuedDate);
  return Promise.all(
    documentData(project, contract, issuedDate, sources).map(async (data) => ({
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
      const stored = await storeGeneratedFile(files, {
        fileName: d.fileName,
        content: d.content,
        mimeType: 'application/pdf',
      });
      rows.push({ ownerType: contractFileOwner(d.kind), ownerId: contractId, ...stored, createdBy });
    }
  } catch (error) {
    await Promise.allSettled(rows.map((r) => files.delete(storedRefOf(r))));
    throw error;
  }
  return rows;
}

// ---- Sending -----------------------------------------------------------------------------------

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
  const { project, contract } = await contractOfParty(app.db, caller, projectId);
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
      const locked = await contractOfParty(tx, caller, projectId, true);
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
  await mailContractSent(app, project);
  return getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()));
}
