import type { ProjectType } from '@junkan/shared/enums';
import {
  disposalPriceForWaste,
  holdsDisposalPermit,
  majorClassOf,
  UNIT_PRICE_PART_FIELDS,
  type UnitPricePart,
  wasteLineage,
} from '@junkan/shared/rules/combined-unit-price';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  collectionAreaPostalCodes,
  collectionAreaPrices,
  collectionAreas,
  dischargeSites,
  disposalUnitPrices,
  projectDischargeSites,
  projectWasteLines,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { coveragePermitsOf } from '../permit-core/permit-records';

const num = (v: string | null) => (v == null ? null : Number(v));

/** A project's waste line as a transport company's price lists price it on a day. */
export interface ListedLinePrice {
  wasteLineId: number;
  kind: 'INDUSTRIAL' | 'REGULAR';
  /** The collection-area price (transport), or null. */
  transportUnitPrice: number | null;
  /** An industrial line's disposal price in `unitMeasure`, or null (none, or no disposal permit covers it). */
  disposalUnitPrice: number | null;
  /** The transport price's unit when it names one, else the line's. */
  unitMeasure: { id: number; unit: string } | null;
  /** The quantity the request states (industrial quantity, regular monthly kg), when any. */
  quantity: number | null;
}

/**
 * The company's prices of each waste line of a project in effect on `date` (Japan): the transport price of its
 * collection areas (of the project's type) holding one of the project's site postal codes, the waste's own price
 * before the area's price for any waste; and, for industrial lines, the disposal unit price of the waste (or its
 * nearest classified ancestor) in the same unit, counted only while a live disposal permit covers the waste's
 * major class that day. Quotes suggest and confirm with it; contracts fill and confirm their parts with it.
 */
export async function listedLinePrices(
  db: DbOrTx,
  companyId: number,
  project: { id: number; type: ProjectType },
  date: string,
): Promise<ListedLinePrice[]> {
  const lines = await db
    .select({
      id: projectWasteLines.id,
      kind: projectWasteLines.kind,
      wasteId: projectWasteLines.wasteId,
      unitMeasureId: projectWasteLines.unitMeasureId,
      quantity: projectWasteLines.quantity,
      monthlyCapacity: projectWasteLines.monthlyCapacity,
      unit: unitMeasures.unit,
    })
    .from(projectWasteLines)
    .leftJoin(unitMeasures, eq(unitMeasures.id, projectWasteLines.unitMeasureId))
    .where(eq(projectWasteLines.projectId, project.id))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id));
  const areaPrices = await db
    .select({
      wasteId: collectionAreaPrices.wasteId,
      unitPrice: collectionAreaPrices.unitPrice,
      unitMeasureId: collectionAreaPrices.unitMeasureId,
      unit: unitMeasures.unit,
    })
    .from(collectionAreaPrices)
    .innerJoin(collectionAreas, eq(collectionAreas.id, collectionAreaPrices.areaId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, collectionAreaPrices.unitMeasureId))
    .where(
      and(
        eq(collectionAreas.transportCompanyId, companyId),
        eq(collectionAreas.type, project.type),
        sql`${collectionAreaPrices.validFrom} <= ${date}`,
        or(isNull(collectionAreaPrices.validTo), sql`${collectionAreaPrices.validTo} >= ${date}`),
        sql`exists (select 1 from ${collectionAreaPostalCodes}
          join ${dischargeSites}
            on replace(${dischargeSites.postalCode}, '-', '') = replace(${collectionAreaPostalCodes.posCode}, '-', '')
          join ${projectDischargeSites} on ${projectDischargeSites.dischargeSiteId} = ${dischargeSites.id}
          where ${collectionAreaPostalCodes.areaId} = ${collectionAreas.id}
            and ${projectDischargeSites.projectId} = ${project.id})`,
      ),
    )
    .orderBy(desc(collectionAreaPrices.validFrom), asc(collectionAreaPrices.unitPrice));
  const disposal = await disposalPricesOf(db, companyId, lines, date);

  return lines.map((line) => {
    // The waste's own price first, then the area's price for any waste.
    const price =
      areaPrices.find((p) => line.wasteId != null && p.wasteId === line.wasteId) ??
      areaPrices.find((p) => p.wasteId == null);
    const unitMeasure =
      price?.unitMeasureId != null
        ? { id: price.unitMeasureId, unit: price.unit ?? '' }
        : line.unitMeasureId != null
          ? { id: line.unitMeasureId, unit: line.unit ?? '' }
          : null;
    return {
      wasteLineId: line.id,
      kind: line.kind,
      transportUnitPrice: price?.unitPrice ?? null,
      disposalUnitPrice:
        line.kind === 'INDUSTRIAL' && unitMeasure ? disposal(line.wasteId, unitMeasure.id) : null,
      unitMeasure,
      quantity: line.kind === 'INDUSTRIAL' ? num(line.quantity) : num(line.monthlyCapacity),
    };
  });
}

/** A lookup of the company's disposal price of a waste in a unit on `date`, null without a covering permit. */
async function disposalPricesOf(
  db: DbOrTx,
  companyId: number,
  lines: readonly { kind: string; wasteId: number | null }[],
  date: string,
): Promise<(wasteId: number | null, unitMeasureId: number) => number | null> {
  const wasteIds = [
    ...new Set(lines.filter((l) => l.kind === 'INDUSTRIAL').flatMap((l) => (l.wasteId ? [l.wasteId] : []))),
  ];
  if (wasteIds.length === 0) return () => null;
  const rows = await db
    .select({ id: wastes.id, parentPath: wastes.parentPath })
    .from(wastes)
    .where(inArray(wastes.id, wasteIds));
  const waste = new Map(rows.map((w) => [w.id, w]));
  const lineageIds = [...new Set(rows.flatMap(wasteLineage))];
  const [prices, permits] = await Promise.all([
    db
      .select({
        wasteId: disposalUnitPrices.wasteId,
        unitMeasureId: disposalUnitPrices.unitMeasureId,
        unitPrice: disposalUnitPrices.unitPrice,
        validFrom: disposalUnitPrices.validFrom,
        validTo: disposalUnitPrices.validTo,
      })
      .from(disposalUnitPrices)
      .where(
        and(
          eq(disposalUnitPrices.transportCompanyId, companyId),
          inArray(disposalUnitPrices.wasteId, lineageIds),
        ),
      ),
    coveragePermitsOf(db, companyId),
  ]);
  return (wasteId, unitMeasureId) => {
    const w = wasteId == null ? undefined : waste.get(wasteId);
    if (!w || !holdsDisposalPermit(permits, majorClassOf(w), date)) return null;
    return disposalPriceForWaste(prices, wasteLineage(w), unitMeasureId, date)?.unitPrice ?? null;
  };
}

/**
 * The spec's "disposal or transport unit price cannot be confirmed", on the missing part of the line at `path`
 * (`lines.0`, `unitPrices.2`); params name the line's waste and the part for the message.
 */
export function unitPriceNotConfirmed(path: string, part: UnitPricePart, wasteName = '') {
  const field = `${path}.${UNIT_PRICE_PART_FIELDS[part]}`;
  return new AppError(
    'unit_price_cannot_be_confirmed',
    `The ${part} unit price cannot be confirmed`,
    { [field]: 'unit_price_cannot_be_confirmed' },
    { wasteName, part },
  );
}
