import { addMonths } from '@junkan/shared/contract-rules';
import {
  type AgreementContract,
  type AgreementQuantity,
  type AgreementRef,
  type AgreementUnit,
  wasteKindIdOf,
} from '@junkan/shared/rules/manifest-agreement';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  contracts,
  disposalSites,
  manifests,
  projects,
  projectWasteLines,
  quoteLines,
  quotes,
  transportOperatorProfiles,
  unitMeasures,
  wastes,
} from '../../db/schema';

/**
 * What a manifest is compared with (`manifestContractDifferences`), read for the registration and its options:
 * the contract in force of each project, its waste lines with their kinds and what the contract states of them,
 * the month's manifests of a line, and the transporters and disposal sites a manifest may name.
 */

type ContractTerms = Omit<AgreementContract, 'wasteLines'>;

/**
 * The contract in force (APPROVED) of each project, as the agreement rule reads it: its period, its transporter
 * and its route's disposal site, the transporter's destination in the operator master. A project without one
 * is missing from the map.
 */
export async function contractTermsOf(db: DbOrTx, projectIds: number[]): Promise<Map<number, ContractTerms>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({
      projectId: contracts.projectId,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      transporterId: contracts.transportCompanyId,
      transporterName: companies.name,
      siteId: disposalSites.id,
      siteName: disposalSites.name,
    })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.transportCompanyId))
    .leftJoin(
      transportOperatorProfiles,
      eq(transportOperatorProfiles.companyId, contracts.transportCompanyId),
    )
    .leftJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId))
    .where(and(inArray(contracts.projectId, projectIds), eq(contracts.status, 'APPROVED')));
  return new Map(
    rows.map((r) => [
      r.projectId,
      {
        startDate: r.startDate,
        endDate: r.endDate,
        transporter: { id: r.transporterId, name: r.transporterName },
        disposalSite: r.siteId === null || r.siteName === null ? null : { id: r.siteId, name: r.siteName },
      },
    ]),
  );
}

/** The major class (id and name) of each waste, by the waste's id. */
export async function wasteKindsOf(
  db: DbOrTx,
  items: readonly { id: number; parentPath: string }[],
): Promise<Map<number, AgreementRef>> {
  const kindIds = [...new Set(items.map(wasteKindIdOf))];
  if (kindIds.length === 0) return new Map();
  const kinds = await db
    .select({ id: wastes.id, name: wastes.name })
    .from(wastes)
    .where(inArray(wastes.id, kindIds));
  const byId = new Map(kinds.map((k) => [k.id, k]));
  const out = new Map<number, AgreementRef>();
  for (const item of items) {
    const kind = byId.get(wasteKindIdOf(item));
    if (kind) out.set(item.id, kind);
  }
  return out;
}

const lineUnit = alias(unitMeasures, 'line_unit');
const priceUnit = alias(unitMeasures, 'price_unit');
const unitRef = (id: number | null, unit: string | null): AgreementUnit | null =>
  id === null || unit === null ? null : { id, unit };

/**
 * The industrial waste lines of projects, in their order, each with its waste's major class and what the contract
 * states of it (`AgreementLineTerms`, printed in the contract's waste table): the quantity of a collection in the
 * line's unit (none when 0 or empty: 実績による), the collections a month of a line collected monthly (月n回), and
 * the units it is stated in: the line's and its price's (the accepted quote's unit of measure: an industrial line
 * is priced by quantity).
 */
export async function industrialLinesOf(db: DbOrTx, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  const lines = await db
    .select({
      projectId: projectWasteLines.projectId,
      id: projectWasteLines.id,
      wasteName: projectWasteLines.wasteName,
      wasteId: projectWasteLines.wasteId,
      wasteCode: wastes.wasteCode,
      parentPath: wastes.parentPath,
      quantity: projectWasteLines.quantity,
      frequency: projectWasteLines.frequency,
      frequencyNumber: projectWasteLines.frequencyNumber,
      lineUnitId: lineUnit.id,
      lineUnit: lineUnit.unit,
      priceUnitId: priceUnit.id,
      priceUnit: priceUnit.unit,
    })
    .from(projectWasteLines)
    .innerJoin(projects, eq(projects.id, projectWasteLines.projectId))
    .leftJoin(wastes, eq(wastes.id, projectWasteLines.wasteId))
    // Lines written before units were kept by id name their unit as the master writes it.
    .leftJoin(
      lineUnit,
      or(
        eq(lineUnit.id, projectWasteLines.unitMeasureId),
        and(isNull(projectWasteLines.unitMeasureId), eq(lineUnit.unit, projectWasteLines.quantityUnit)),
      ),
    )
    .leftJoin(
      quotes,
      and(
        eq(quotes.projectId, projectWasteLines.projectId),
        eq(quotes.transportCompanyId, projects.transportCompanyId),
        eq(quotes.status, 'ACCEPTED'),
      ),
    )
    .leftJoin(
      quoteLines,
      and(eq(quoteLines.quoteId, quotes.id), eq(quoteLines.wasteLineId, projectWasteLines.id)),
    )
    .leftJoin(priceUnit, eq(priceUnit.id, quoteLines.unitMeasureId))
    .where(and(inArray(projectWasteLines.projectId, projectIds), eq(projectWasteLines.kind, 'INDUSTRIAL')))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id));
  const kinds = await wasteKindsOf(
    db,
    lines.flatMap((l) => (l.wasteId === null ? [] : [{ id: l.wasteId, parentPath: l.parentPath ?? '' }])),
  );
  return lines.map((l) => {
    const own = unitRef(l.lineUnitId, l.lineUnit);
    const price = unitRef(l.priceUnitId, l.priceUnit);
    const quantity = Number(l.quantity ?? 0);
    return {
      ...l,
      name: l.wasteName,
      kind: l.wasteId === null ? null : (kinds.get(l.wasteId) ?? null),
      units: [own, price].filter(
        (u, i, all): u is AgreementUnit => !!u && all.findIndex((o) => o?.id === u.id) === i,
      ),
      perCollection: own && quantity > 0 ? { value: quantity, unit: own } : null,
      collectionsPerMonth: l.frequency === 'MONTHLY' ? (l.frequencyNumber ?? null) : null,
    };
  });
}

/**
 * The quantities of the project's other manifests counted against `lineId` with a delivery date in the month of
 * `deliveryDate` (manifests registered before quantities were kept have none and are not counted).
 */
export async function sameLineThisMonth(
  db: DbOrTx,
  projectId: number,
  lineId: number,
  deliveryDate: string,
): Promise<AgreementQuantity[]> {
  const first = `${deliveryDate.slice(0, 7)}-01`;
  const rows = await db
    .select({ quantity: manifests.quantity, unitId: unitMeasures.id, unit: unitMeasures.unit })
    .from(manifests)
    .innerJoin(unitMeasures, eq(unitMeasures.id, manifests.unitMeasureId))
    .where(
      and(
        eq(manifests.projectId, projectId),
        eq(manifests.wasteLineId, lineId),
        gte(manifests.deliveryDate, first),
        lt(manifests.deliveryDate, addMonths(first, 1)),
        isNotNull(manifests.quantity),
      ),
    );
  return rows.map((r) => ({ value: Number(r.quantity), unit: { id: r.unitId, unit: r.unit } }));
}

/** The transporters a discharger's manifest may name: those of its projects (any status). */
export async function transportersOf(db: DbOrTx, companyId: number): Promise<AgreementRef[]> {
  return db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.transportCompanyId))
    .where(and(eq(projects.companyId, companyId), isNotNull(projects.transportCompanyId)))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** The route's disposal site of a transporter without a contract in force: its destination in the master. */
export async function destinationOf(db: DbOrTx, transportCompanyId: number): Promise<AgreementRef | null> {
  const [row] = await db
    .select({ id: disposalSites.id, name: disposalSites.name })
    .from(transportOperatorProfiles)
    .innerJoin(disposalSites, eq(disposalSites.id, transportOperatorProfiles.destinationDisposalSiteId))
    .where(eq(transportOperatorProfiles.companyId, transportCompanyId));
  return row ?? null;
}
