import type { Attachment } from '@junkan/shared/api/common';
import type { Contract } from '@junkan/shared/api/contracts';
import {
  CONTRACT_FILE_KINDS,
  type ContractFileKind,
  type ContractStatus,
  type RenewalDecision,
} from '@junkan/shared/contract-rules';
import type { ProjectActor } from '@junkan/shared/project-status';
import { priceUnitOf, priceUnitText, REGULAR_QUANTITY_UNIT } from '@junkan/shared/quote-pricing';
import { keptUntil } from '@junkan/shared/rules/retention';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  contracts,
  contractUnitPrices,
  projectWasteLines,
  quoteLines,
  quotes,
  unitMeasures,
} from '../../db/schema';
import { tokyoDate } from '../../lib/time';
import { contractPermitsOf } from '../permit-core/permit-records';

export type Side = 'WASTE' | 'TRANSPORT';

/** `attachments.owner_type` of a contract's document of one kind (`owner_id` the contract id). */
export const contractFileOwner = (kind: ContractFileKind) => `CONTRACT_${kind.toUpperCase()}`;
export const FILE_OWNERS = CONTRACT_FILE_KINDS.map(contractFileOwner);
export const kindOfOwner = (ownerType: string) =>
  CONTRACT_FILE_KINDS.find((k) => contractFileOwner(k) === ownerType) ?? null;

export const side = (actor: ProjectActor): Side => (actor === 'TRANSPORT' ? 'TRANSPORT' : 'WASTE');

/** A discharger sees a contract once it was sent; a draft is the transporter's own. */
export const visibleTo = (status: string, role: Side) => role === 'TRANSPORT' || status !== 'DRAFT';

/**
 * Each waste line of a project with the quote's price, its parts and unit (the accepted quote of
 * `transportCompanyId`): `unit` is the price's unit (kg, m3, 袋(45L), 回), which contracts print and invoices
 * bill by; `measureUnit` the unit a quantity of the line is measured in (collection requests).
 */
export async function quotedLines(db: DbOrTx, projectId: number, transportCompanyId: number | null) {
  const lines = await db
    .select({
      id: projectWasteLines.id,
      wasteName: projectWasteLines.wasteName,
      quantityUnit: projectWasteLines.quantityUnit,
      kind: projectWasteLines.kind,
      wasteId: projectWasteLines.wasteId,
      quantity: projectWasteLines.quantity,
      monthlyCapacity: projectWasteLines.monthlyCapacity,
      frequency: projectWasteLines.frequency,
      frequencyNumber: projectWasteLines.frequencyNumber,
      weekdays: projectWasteLines.weekdays,
      transTime: projectWasteLines.transTime,
    })
    .from(projectWasteLines)
    .where(eq(projectWasteLines.projectId, projectId))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id));
  const quoted =
    transportCompanyId == null
      ? []
      : await db
          .select({
            wasteLineId: quoteLines.wasteLineId,
            unitPrice: quoteLines.unitPrice,
            transportUnitPrice: quoteLines.transportUnitPrice,
            disposalUnitPrice: quoteLines.disposalUnitPrice,
            quantity: quoteLines.quantity,
            pricingBasis: quoteLines.pricingBasis,
            bagSize: quoteLines.bagSize,
            unit: unitMeasures.unit,
          })
          .from(quoteLines)
          .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
          .leftJoin(unitMeasures, eq(unitMeasures.id, quoteLines.unitMeasureId))
          .where(
            and(
              eq(quotes.projectId, projectId),
              eq(quotes.transportCompanyId, transportCompanyId),
              eq(quotes.status, 'ACCEPTED'),
            ),
          );
  const byLine = new Map(quoted.map((q) => [q.wasteLineId, q]));
  return lines.map((line) => {
    const q = byLine.get(line.id);
    const measureUnit = line.quantityUnit ?? (line.kind === 'REGULAR' ? REGULAR_QUANTITY_UNIT : null);
    return {
      ...line,
      quotedPrice: q?.unitPrice ?? 0,
      quotedTransportPrice: q?.transportUnitPrice ?? null,
      quotedDisposalPrice: q?.disposalUnitPrice ?? null,
      unit: q
        ? priceUnitText(priceUnitOf({ ...q, kind: line.kind, unit: q.unit ?? measureUnit }))
        : measureUnit,
      measureUnit: q?.pricingBasis === 'QUANTITY' ? (q.unit ?? measureUnit) : measureUnit,
      quotedQuantity: q ? Number(q.quantity) : null,
    };
  });
}

async function contractFiles(db: DbOrTx, contractId: number) {
  const rows = await db
    .select({
      id: attachments.id,
      ownerType: attachments.ownerType,
      fileName: attachments.fileName,
      mimeType: attachments.mimeType,
      size: attachments.size,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(and(inArray(attachments.ownerType, FILE_OWNERS), eq(attachments.ownerId, contractId)));
  const file: Record<ContractFileKind, Attachment | null> = {
    disposal: null,
    regular: null,
    combine: null,
    collection: null,
  };
  for (const { ownerType, ...row } of rows) {
    const kind = kindOfOwner(ownerType);
    if (kind) file[kind] = { ...row, createdAt: row.createdAt.toISOString() };
  }
  return file;
}

/** Project.contract as the side sees it, or null (none yet, or a draft the discharger may not see). */
export async function projectContract(
  db: DbOrTx,
  projectId: number,
  actor: ProjectActor,
  today: string,
): Promise<Contract | null> {
  const [c] = await db.select().from(contracts).where(eq(contracts.projectId, projectId));
  if (!c || !visibleTo(c.status, side(actor))) return null;
  const prices = await db.select().from(contractUnitPrices).where(eq(contractUnitPrices.contractId, c.id));
  const priceOf = new Map(prices.map((p) => [p.wasteLineId, p]));
  const lines = await quotedLines(db, projectId, c.transportCompanyId);
  return {
    id: c.id,
    status: c.status as ContractStatus,
    contractName: c.name,
    startDate: c.startDate,
    endDate: c.endDate,
    contractType: c.contractType as Contract['contractType'],
    contractForm: c.contractForm as Contract['contractForm'],
    paymentMethod: c.paymentMethod as Contract['paymentMethod'],
    renewal: (c.renewal as RenewalDecision | null) ?? null,
    unitPrices: lines
      .filter((l) => priceOf.has(l.id))
      .map((l) => {
        const price = priceOf.get(l.id)!;
        return {
          wasteLineId: l.id,
          wasteName: l.wasteName,
          unitPrice: price.unitPrice,
          transportUnitPrice: price.transportUnitPrice,
          disposalUnitPrice: price.disposalUnitPrice,
          unit: l.unit,
        };
      }),
    manifestFee: c.manifestFee,
    preparationFee: c.preparationFee,
    contactPerson: c.contactPerson,
    licenseNumber: c.licenseNumber,
    licenseDistrict: c.licenseDistrict,
    licenseExpireDate: c.licenseExpireDate,
    permit:
      c.permitId === null
        ? null
        : ((await contractPermitsOf(db, [c.permitId], today)).get(c.permitId) ?? null),
    returnReason: c.returnReason,
    file: await contractFiles(db, c.id),
    sentDate: c.sentAt?.toISOString() ?? null,
    approvedDate: c.approvedAt?.toISOString() ?? null,
    keptUntil: keptUntil('contract', { endDate: c.endDate, updatedOn: tokyoDate(c.updatedAt) }),
  };
}

/** The contract form the accepted quote of `transportCompanyId` was made for, or null (not stated, or none). */
export async function acceptedQuoteForm(
  db: DbOrTx,
  projectId: number,
  transportCompanyId: number | null,
): Promise<'COMBINED' | 'SEPARATE' | null> {
  if (transportCompanyId == null) return null;
  const [row] = await db
    .select({ contractForm: quotes.contractForm })
    .from(quotes)
    .where(
      and(
        eq(quotes.projectId, projectId),
        eq(quotes.transportCompanyId, transportCompanyId),
        eq(quotes.status, 'ACCEPTED'),
      ),
    );
  return row?.contractForm ?? null;
}
