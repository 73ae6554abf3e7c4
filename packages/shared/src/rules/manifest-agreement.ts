import type { MessageCode } from '../messages';
import { parseParentPath } from '../waste-tree';

/**
 * Contract and manifest agree (委託契約とマニフェストの照合). The manifest network has warned since 2017 when a
 * manifest does not match what was contracted; here the discharger sees the differences and must confirm them
 * before the manifest is registered. Compared:
 * - PERIOD: the delivery date (交付日) within the contract's start..end, both inclusive.
 * - WASTE_KIND: the manifest's waste is one of the contract's industrial waste lines, or of the same major class
 *   (大分類) as one. Major classes are the 20 kinds of industrial waste of the Waste Management Act: the kind a
 *   contract must name (施行令第6条の2第4号: 委託する産業廃棄物の種類) and the level permits are granted for. A finer
 *   or different middle/minor class of a contracted kind (廃プラスチック類 → 発泡スチロール) is the same kind to
 *   the Act, so it is not flagged; a waste of another kind, or with no known class outside the contract's lines,
 *   is.
 * - UNIT, QUANTITY_PER_COLLECTION, QUANTITY_PER_MONTH: the contract states the kind AND the quantity (種類及び数量)
 *   of the waste it entrusts. The manifest is counted against one contract line (`contractLineOf`): its unit must
 *   be one the contract states the line in (its quantity's or its price's unit), and its quantity no more than the
 *   line's quantity per collection, nor, for a line collected n times a month (月n回), the month's n collections
 *   with the month's other manifests of the line added. Units are compared as they are, and converted only where
 *   the conversion is exact by definition (t = 1,000 kg, m3 = 1,000 L): 個 is never turned into t. A line that
 *   states no quantity (実績による) has nothing to exceed.
 * - TRANSPORTER: the manifest's collection-and-transport company is the contract's.
 * - DISPOSAL_SITE: the manifest's disposal site is the contract route's (the contract transporter's destination
 *   disposal site). Neither side naming one is no difference.
 * - NO_CONTRACT: the project has no contract in force; nothing else can be compared then.
 */
export const MANIFEST_DIFFERENCE_KINDS = [
  'NO_CONTRACT',
  'PERIOD',
  'WASTE_KIND',
  'UNIT',
  'QUANTITY_PER_COLLECTION',
  'QUANTITY_PER_MONTH',
  'TRANSPORTER',
  'DISPOSAL_SITE',
] as const;
export type ManifestDifferenceKind = (typeof MANIFEST_DIFFERENCE_KINDS)[number];

/** A master row both sides may name: a company, a disposal site, a waste's major class. */
export interface AgreementRef {
  id: number;
  name: string;
}

/** A unit of the unit master (`unit` as the master writes it: t, kg, m3, L, 個...). */
export interface AgreementUnit {
  id: number;
  unit: string;
}

/** A quantity in a unit of the master. */
export interface AgreementQuantity {
  value: number;
  unit: AgreementUnit;
}

/**
 * What the contract states of a waste line besides its kind: `units`, the units it states the line in (its
 * quantity's and its price's, once each; empty when none); `perCollection`, the quantity of each collection, null
 * when it states none (実績による); `collectionsPerMonth`, n for a line collected n times a month (月n回), so that
 * the month's quantity is n × perCollection, else null.
 */
export interface AgreementLineTerms {
  units: AgreementUnit[];
  perCollection: AgreementQuantity | null;
  collectionsPerMonth: number | null;
}

/** An industrial waste line the contract names, with its major class (null when unclassified) and terms. */
export interface AgreementLine extends AgreementLineTerms {
  id: number;
  name: string;
  kind: AgreementRef | null;
}

export interface AgreementContract {
  /** ISO dates, both inclusive. */
  startDate: string;
  endDate: string;
  transporter: AgreementRef;
  /** The route's disposal site; null when none is recorded. */
  disposalSite: AgreementRef | null;
  wasteLines: AgreementLine[];
}

/** The waste as written on the manifest: a contract line (lineId) or a waste of the master. */
export interface AgreementWaste {
  lineId: number | null;
  name: string;
  kind: AgreementRef | null;
}

export interface AgreementManifest {
  deliveryDate: string;
  transporter: AgreementRef;
  disposalSite: AgreementRef | null;
  waste: AgreementWaste;
  quantity: AgreementQuantity;
  /**
   * The quantities of the other manifests counted against the same contract line (`contractLineOf`) with a
   * delivery date in the same month; each in its own unit (one that cannot be converted is not added).
   */
  sameLineThisMonth: AgreementQuantity[];
}

/**
 * One difference, with both sides for display. `contractValues`: the period's first and last day (PERIOD), the
 * waste kinds the contract names (WASTE_KIND), the units it states the line in (UNIT), the quantity of a
 * collection (QUANTITY_PER_COLLECTION) or of the month's collections (QUANTITY_PER_MONTH) as `2 t`, the
 * transporter's or the disposal site's name; empty when the contract records none (and for NO_CONTRACT).
 * `manifestValue`: the delivery date, the waste's name, the manifest's unit, its quantity as written, the month's
 * quantity with it (in the contract's unit), the transporter's or the disposal site's name; null when the manifest
 * names none.
 */
export interface ManifestDifference {
  kind: ManifestDifferenceKind;
  contractValues: string[];
  manifestValue: string | null;
}

/** The label each difference is shown with. */
export const MANIFEST_DIFFERENCE_MESSAGES = {
  NO_CONTRACT: 'manifest_difference_no_contract',
  PERIOD: 'manifest_difference_period',
  WASTE_KIND: 'manifest_difference_waste_kind',
  UNIT: 'manifest_difference_unit',
  QUANTITY_PER_COLLECTION: 'manifest_difference_quantity_per_collection',
  QUANTITY_PER_MONTH: 'manifest_difference_quantity_per_month',
  TRANSPORTER: 'manifest_difference_transporter',
  DISPOSAL_SITE: 'manifest_difference_disposal_site',
} as const satisfies Record<ManifestDifferenceKind, MessageCode>;

/** The major class (大分類) of a waste of the master: the first of its ancestors, or itself at the top. */
export function wasteKindIdOf(waste: { id: number; parentPath: string }): number {
  return parseParentPath(waste.parentPath)?.[0] ?? waste.id;
}

const unique = (items: readonly string[]) => [...new Set(items)];

/** Units whose conversion is exact by definition: the dimension and how many base units one is. */
const EXACT_UNITS: Readonly<Record<string, { dimension: 'MASS' | 'VOLUME'; base: number }>> = {
  t: { dimension: 'MASS', base: 1000 },
  kg: { dimension: 'MASS', base: 1 },
  m3: { dimension: 'VOLUME', base: 1000 },
  L: { dimension: 'VOLUME', base: 1 },
};

/**
 * A quantity in another unit: itself in the same unit of the master, converted between t and kg or m3 and L,
 * else null (個 and t, m3 and t: no conversion is defined without a factor the contract does not state).
 */
export function convertQuantity(quantity: AgreementQuantity, to: AgreementUnit): number | null {
  if (quantity.unit.id === to.id) return quantity.value;
  const from = EXACT_UNITS[quantity.unit.unit];
  const into = EXACT_UNITS[to.unit];
  if (!from || !into || from.dimension !== into.dimension) return null;
  return (quantity.value * from.base) / into.base;
}

const isConvertible = (from: AgreementUnit, to: AgreementUnit) =>
  convertQuantity({ value: 1, unit: from }, to) !== null;

/** Compared in millionths, so that 2,000 kg is not "more" than 2 t by a floating-point remainder. */
const exceeds = (value: number, limit: number) => Math.round(value * 1e6) > Math.round(limit * 1e6);

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const quantityText = (value: number, unit: AgreementUnit) => `${NUMBER.format(value)} ${unit.unit}`;

/**
 * The contract line a manifest is counted against: the line it names, else a line of its waste's major class
 * stated in a unit the manifest's converts to, else the first line of that class; null when none (a WASTE_KIND
 * difference then).
 */
export function contractLineOf<L extends Pick<AgreementLine, 'id' | 'kind' | 'units'>>(
  lines: readonly L[],
  waste: AgreementWaste,
  unit: AgreementUnit,
): L | null {
  const named = waste.lineId === null ? undefined : lines.find((l) => l.id === waste.lineId);
  if (named) return named;
  const ofKind = waste.kind === null ? [] : lines.filter((l) => l.kind?.id === waste.kind?.id);
  return ofKind.find((l) => l.units.some((u) => isConvertible(unit, u))) ?? ofKind[0] ?? null;
}

/** The unit and quantity differences of a manifest from the line it is counted against. */
function quantityDifferences(line: AgreementLine, manifest: AgreementManifest): ManifestDifference[] {
  const { quantity } = manifest;
  const differences: ManifestDifference[] = [];
  if (line.units.length > 0 && !line.units.some((u) => isConvertible(quantity.unit, u)))
    differences.push({
      kind: 'UNIT',
      contractValues: unique(line.units.map((u) => u.unit)),
      manifestValue: quantity.unit.unit,
    });
  const stated = line.perCollection;
  const value = stated && convertQuantity(quantity, stated.unit);
  if (!stated || value === null) return differences;
  if (exceeds(value, stated.value))
    differences.push({
      kind: 'QUANTITY_PER_COLLECTION',
      contractValues: [quantityText(stated.value, stated.unit)],
      manifestValue: quantityText(quantity.value, quantity.unit),
    });
  if (line.collectionsPerMonth) {
    const month = manifest.sameLineThisMonth.reduce(
      (sum, other) => sum + (convertQuantity(other, stated.unit) ?? 0),
      value,
    );
    const limit = stated.value * line.collectionsPerMonth;
    if (exceeds(month, limit))
      differences.push({
        kind: 'QUANTITY_PER_MONTH',
        contractValues: [quantityText(limit, stated.unit)],
        manifestValue: quantityText(month, stated.unit),
      });
  }
  return differences;
}

/** The differences between a manifest and its project's contract (null: no contract), in the order of the kinds. */
export function manifestContractDifferences(
  contract: AgreementContract | null,
  manifest: AgreementManifest,
): ManifestDifference[] {
  if (!contract) return [{ kind: 'NO_CONTRACT', contractValues: [], manifestValue: null }];
  const differences: ManifestDifference[] = [];

  if (manifest.deliveryDate < contract.startDate || manifest.deliveryDate > contract.endDate)
    differences.push({
      kind: 'PERIOD',
      contractValues: [contract.startDate, contract.endDate],
      manifestValue: manifest.deliveryDate,
    });

  // A line the manifest names, or one of the same major class: the contract names its kind.
  const line = contractLineOf(contract.wasteLines, manifest.waste, manifest.quantity.unit);
  if (line) differences.push(...quantityDifferences(line, manifest));
  else
    differences.push({
      kind: 'WASTE_KIND',
      contractValues: unique(contract.wasteLines.map((l) => l.kind?.name ?? l.name)),
      manifestValue: manifest.waste.name,
    });

  if (manifest.transporter.id !== contract.transporter.id)
    differences.push({
      kind: 'TRANSPORTER',
      contractValues: [contract.transporter.name],
      manifestValue: manifest.transporter.name,
    });

  if ((manifest.disposalSite?.id ?? null) !== (contract.disposalSite?.id ?? null))
    differences.push({
      kind: 'DISPOSAL_SITE',
      contractValues: contract.disposalSite ? [contract.disposalSite.name] : [],
      manifestValue: manifest.disposalSite?.name ?? null,
    });

  return differences;
}

/**
 * Whether the discharger's confirmation is of exactly these differences: every one confirmed and nothing else, so a
 * confirmation given for another state of the form or of the contract does not pass. Nothing to confirm passes.
 */
export function confirmsDifferences(
  differences: readonly ManifestDifference[],
  confirmed: readonly ManifestDifferenceKind[] | undefined,
): boolean {
  if (differences.length === 0) return true;
  const given = new Set(confirmed ?? []);
  return given.size === differences.length && differences.every((d) => given.has(d.kind));
}
