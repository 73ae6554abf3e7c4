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
 * - TRANSPORTER: the manifest's collection-and-transport company is the contract's.
 * - DISPOSAL_SITE: the manifest's disposal site is the contract route's (the contract transporter's destination
 *   disposal site). Neither side naming one is no difference.
 * - NO_CONTRACT: the project has no contract in force; nothing else can be compared then.
 */
export const MANIFEST_DIFFERENCE_KINDS = [
  'NO_CONTRACT',
  'PERIOD',
  'WASTE_KIND',
  'TRANSPORTER',
  'DISPOSAL_SITE',
] as const;
export type ManifestDifferenceKind = (typeof MANIFEST_DIFFERENCE_KINDS)[number];

/** A master row both sides may name: a company, a disposal site, a waste's major class. */
export interface AgreementRef {
  id: number;
  name: string;
}

export interface AgreementContract {
  /** ISO dates, both inclusive. */
  startDate: string;
  endDate: string;
  transporter: AgreementRef;
  /** The route's disposal site; null when none is recorded. */
  disposalSite: AgreementRef | null;
  /** The industrial waste lines the contract names, each with its major class (null when unclassified). */
  wasteLines: { id: number; name: string; kind: AgreementRef | null }[];
}

export interface AgreementManifest {
  deliveryDate: string;
  transporter: AgreementRef;
  disposalSite: AgreementRef | null;
  /** The waste as written on the manifest: a contract line (lineId) or a waste of the master. */
  waste: { lineId: number | null; name: string; kind: AgreementRef | null };
}

/**
 * One difference, with both sides for display. `contractValues`: the period's first and last day (PERIOD), the
 * waste kinds the contract names (WASTE_KIND), the transporter's or the disposal site's name; empty when the
 * contract records none (and for NO_CONTRACT). `manifestValue`: the delivery date, the waste's name, the
 * transporter's or the disposal site's name; null when the manifest names none.
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
  TRANSPORTER: 'manifest_difference_transporter',
  DISPOSAL_SITE: 'manifest_difference_disposal_site',
} as const satisfies Record<ManifestDifferenceKind, MessageCode>;

/** The major class (大分類) of a waste of the master: the first of its ancestors, or itself at the top. */
export function wasteKindIdOf(waste: { id: number; parentPath: string }): number {
  return parseParentPath(waste.parentPath)?.[0] ?? waste.id;
}

const unique = (items: readonly string[]) => [...new Set(items)];

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

  const { waste } = manifest;
  const named =
    (waste.lineId !== null && contract.wasteLines.some((l) => l.id === waste.lineId)) ||
    (waste.kind !== null && contract.wasteLines.some((l) => l.kind?.id === waste.kind?.id));
  if (!named)
    differences.push({
      kind: 'WASTE_KIND',
      contractValues: unique(contract.wasteLines.map((l) => l.kind?.name ?? l.name)),
      manifestValue: waste.name,
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
