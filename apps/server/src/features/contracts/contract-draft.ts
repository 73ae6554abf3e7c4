import type { ContractDraft } from '@junkan/shared/api/contracts';
import {
  addMonths,
  type ContractForm,
  type ContractStatus,
  previousDay,
} from '@junkan/shared/contract-rules';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { contractPermitIssue } from '@junkan/shared/rules/permit-rules';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, contracts, contractUnitPrices } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { companyPermit, type PermitRow } from '../permit-core/permit-records';
import { listedLinePrices } from '../project-core/line-prices';
import type { ProjectRow } from '../project-core/project-access';
import { acceptedQuoteForm, quotedLines } from '../project-core/project-contract';
import { type ContractRow, contractOfParty } from './contract-parties';

export type QuotedLine = Awaited<ReturnType<typeof quotedLines>>[number];
export type PartPrices = { transportUnitPrice: number | null; disposalUnitPrice: number | null };
type PartSources = ReadonlyMap<number, PartPrices>;

const firstOfNextMonth = (today: string) => addMonths(`${today.slice(0, 8)}01`, 1);

/**
 * Where a COMBINED contract takes an industrial line's transport and disposal parts from: the accepted quote's
 * parts, else the company's price lists in effect today. Null parts are not found in either.
 */
export async function partSources(
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

/** A line's parts as the draft shows them: the saved ones, else those of its source. */
const partsOf = (sources: PartSources, lineId: number, saved?: PartPrices): PartPrices => {
  const source = sources.get(lineId);
  return {
    transportUnitPrice: saved?.transportUnitPrice ?? source?.transportUnitPrice ?? null,
    disposalUnitPrice: saved?.disposalUnitPrice ?? source?.disposalUnitPrice ?? null,
  };
};

/** The contract's license columns: a copy of the permit's district (its Japanese name), number and expiry. */
export const licenseOf = (permit: PermitRow) => ({
  licenseNumber: permit.licenseNumber,
  licenseDistrict: permitDistrictName(permit.districtCode),
  licenseExpireDate: permit.expiryDate,
});

/** The saved contract as the form shows it; a line without a saved price shows the quote's. */
function savedDraft(
  contract: ContractRow,
  prices: readonly (typeof contractUnitPrices.$inferSelect)[],
  lines: readonly QuotedLine[],
  sources: PartSources,
): ContractDraft {
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
      ...partsOf(sources, l.id, priceOf.get(l.id)),
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

/**
 * A new contract's defaults: from the first of next month, for a year (one day for a project of spot lines
 * only), at the quote's prices, with the permit of the company's latest contract when it can back this one too.
 */
function newDraft(
  project: Pick<ProjectRow, 'title' | 'type'>,
  lines: readonly QuotedLine[],
  sources: PartSources,
  today: string,
  company: { contactPerson: string; latestPermit: PermitRow | null; quotedForm: ContractForm | null },
): ContractDraft {
  const startDate = firstOfNextMonth(today);
  const { latestPermit } = company;
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
    contractForm: company.quotedForm ?? 'COMBINED',
    paymentMethod: 'PAYMENT_INVOICE',
    unitPrices: lines.map((l) => ({
      wasteLineId: l.id,
      wasteName: l.wasteName,
      kind: l.kind,
      unitPrice: l.quotedPrice,
      ...partsOf(sources, l.id),
      unit: l.unit,
      quantity: l.quotedQuantity,
    })),
    manifestFee: 0,
    preparationFee: 0,
    contactPerson: company.contactPerson,
    licenseNumber: license?.licenseNumber ?? '',
    licenseDistrict: license?.licenseDistrict ?? '',
    licenseExpireDate: license?.licenseExpireDate ?? '',
    permitId: permit?.id ?? null,
    returnReason: null,
    status: null,
  };
}

/** GET /trans/projects/{id}/contract-draft: the saved contract, or defaults from the project and its quote. */
export async function contractDraft(
  db: DbOrTx,
  caller: Caller,
  projectId: number,
  today: string,
): Promise<ContractDraft> {
  const { project, contract } = await contractOfParty(db, caller, projectId);
  const lines = await quotedLines(db, projectId, project.transportCompanyId);
  const sources = await partSources(db, project, lines, today);
  if (contract) {
    const prices = await db
      .select()
      .from(contractUnitPrices)
      .where(eq(contractUnitPrices.contractId, contract.id));
    return savedDraft(contract, prices, lines, sources);
  }
  const { companyId } = caller;
  const [company] = await db
    .select({ contractPic: companies.contractPic })
    .from(companies)
    .where(eq(companies.id, companyId));
  // The permit of the company's latest contract that names one, when it can back this contract too.
  const [latest] = await db
    .select({ permitId: contracts.permitId })
    .from(contracts)
    .where(and(eq(contracts.transportCompanyId, companyId), isNotNull(contracts.permitId)))
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(1);
  const latestPermit = latest?.permitId ? await companyPermit(db, companyId, latest.permitId) : null;
  return newDraft(project, lines, sources, today, {
    contactPerson: company?.contractPic ?? '',
    latestPermit,
    quotedForm: await acceptedQuoteForm(db, projectId, project.transportCompanyId),
  });
}
