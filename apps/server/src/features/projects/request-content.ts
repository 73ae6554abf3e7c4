import type { QuoteRequest } from '@junkan/shared/api/projects';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  dischargeSites,
  offices,
  packingStyles,
  projectDischargeSites,
  projectWasteLines,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { fieldError } from '../../lib/app-error';

// A quote request's content: its office, discharge sites and waste lines, checked against the company and the
// masters, then written in place of any earlier content.

/** Checks the request's office, sites and wastes (and units, packing) against the caller's company and masters. */
async function checkReferences(tx: Tx, companyId: number, input: QuoteRequest) {
  if (input.officeId != null) {
    const [office] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.id, input.officeId), eq(offices.companyId, companyId)));
    if (!office) throw fieldError('officeId', 'not_found');
  }
  const siteIds = [...new Set(input.dischargeSiteIds)];
  const sites = await tx
    .select({ id: dischargeSites.id })
    .from(dischargeSites)
    .where(and(inArray(dischargeSites.id, siteIds), eq(dischargeSites.companyId, companyId)));
  if (sites.length !== siteIds.length) throw fieldError('dischargeSiteIds', 'not_found');

  const wasteIds = input.lines.map((l) => l.wasteId);
  const wasteRows = await tx
    .select({ id: wastes.id, name: wastes.name, category: wastes.category })
    .from(wastes)
    .where(inArray(wastes.id, wasteIds));
  const byId = new Map(wasteRows.map((w) => [w.id, w]));
  input.lines.forEach((line, i) => {
    const waste = byId.get(line.wasteId);
    if (!waste) throw fieldError(`lines.${i}.wasteId`, 'not_found');
    if (waste.category !== input.type) throw fieldError(`lines.${i}.wasteId`, 'invalid_format');
  });

  const units = new Map<number, string>();
  if (input.type === 'INDUSTRIAL') {
    const unitIds = [...new Set(input.lines.map((l) => l.unitMeasureId))];
    const unitRows = await tx
      .select({ id: unitMeasures.id, unit: unitMeasures.unit })
      .from(unitMeasures)
      .where(inArray(unitMeasures.id, unitIds));
    for (const u of unitRows) units.set(u.id, u.unit);
    const packingIds = [...new Set(input.lines.map((l) => l.packingStyleId).filter((v): v is number => !!v))];
    const packingRows = packingIds.length
      ? await tx
          .select({ id: packingStyles.id })
          .from(packingStyles)
          .where(inArray(packingStyles.id, packingIds))
      : [];
    const packings = new Set(packingRows.map((p) => p.id));
    input.lines.forEach((line, i) => {
      if (!units.has(line.unitMeasureId)) throw fieldError(`lines.${i}.unitMeasureId`, 'not_found');
      if (line.packingStyleId && !packings.has(line.packingStyleId))
        throw fieldError(`lines.${i}.packingStyleId`, 'not_found');
    });
  }
  return { wasteNames: new Map(wasteRows.map((w) => [w.id, w.name])), units, siteIds };
}

/** Writes the request's sites and lines for project `projectId` (after removing any earlier ones). */
export async function writeContent(tx: Tx, projectId: number, companyId: number, input: QuoteRequest) {
  const { wasteNames, units, siteIds } = await checkReferences(tx, companyId, input);
  await tx.delete(projectDischargeSites).where(eq(projectDischargeSites.projectId, projectId));
  await tx.delete(projectWasteLines).where(eq(projectWasteLines.projectId, projectId));
  await tx
    .insert(projectDischargeSites)
    .values(siteIds.map((dischargeSiteId) => ({ projectId, dischargeSiteId })));
  const decimal = (n: number | undefined | null) => (n == null ? null : n.toFixed(2));
  if (input.type === 'REGULAR') {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'REGULAR' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        monthlyCapacity: decimal(line.monthlyCapacity),
        bags: Object.fromEntries(Object.entries(line.bags).filter(([, n]) => (n ?? 0) > 0)) as Record<
          string,
          number
        >,
        frequency: 'WEEKLY',
        frequencyNumber: line.collectionCount,
        weekdays: [...line.weekdays].sort((a, b) => a - b),
        sortOrder: i,
      })),
    );
  } else {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'INDUSTRIAL' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        quantity: decimal(line.quantity),
        unitMeasureId: line.unitMeasureId,
        quantityUnit: units.get(line.unitMeasureId) ?? null,
        packingStyleId: line.packingStyleId ?? null,
        dimensions: line.dimensions || null,
        frequency: line.frequency,
        frequencyNumber: line.frequency === 'SPOT' ? null : (line.frequencyNumber ?? null),
        transTime: line.transTime || null,
        wasteDetails: line.wasteDetails || null,
        sortOrder: i,
      })),
    );
  }
}
