import type { MessageCode } from '../messages';
import { PREFECTURES } from '../prefectures';
import type { PermitKind } from './permit-rules';

/**
 * Permit coverage (許可の確認): whether a transport company's permits let it carry a project's industrial waste.
 * The product rule: "a valid collection-and-transport permit of the prefecture of each discharge site (loading)
 * and of the disposal site's prefecture (unloading), covering each industrial waste line's kind, valid through
 * the contract period."
 *
 * Who issues collection-and-transport permits (産業廃棄物収集運搬業許可, 廃棄物処理法 第14条第1項), and what this
 * rule does with designated cities (政令指定都市, and the other 政令市 of the Act such as 中核市):
 * - Since the 2010 amendment of the Act (in force 1 April 2011), a collection-and-transport permit is issued by
 *   the prefectural governor (都道府県知事) of each prefecture where waste is loaded or unloaded, and it covers the
 *   cities inside the prefecture too. Before that, a 政令市 issued its own permits for its territory; those
 *   transitional city permits could only last to their expiry (at most 5 or 7 years), so none is valid now.
 *   Hence a city's permit NEVER counts for loading or unloading here: the prefecture's permit is required, even
 *   when the discharge site or the disposal site lies inside a designated city.
 * - A city still issues the permit when the business includes transshipment and storage (積替え保管) inside the
 *   city (法第24条の2, 令第27条): the mayor, not the governor, then holds that power for the city's territory.
 *   So when the project needs transshipment (`needsTransshipment`), some valid permit with transshipment allowed
 *   is required, either a prefecture's (of a prefecture on the route) or a city's whose city lies in a
 *   prefecture on the route. The facility's own location is not part of the inputs, so which city is not checked.
 *
 * Districts are codes of the local government code (全国地方公共団体コード): a prefecture is its 2-digit code
 * ('13' 東京都), a city its 5-digit code or 6 digits with the check digit ('14100' / '141003' 横浜市), whose first
 * two digits are its prefecture. A prefecture's name ('東京都') is accepted too, as the project records it.
 *
 * Other choices: a retired permit (廃止) counts as absent; a disposal permit (処分業) never covers transport;
 * several permits of one district (a renewal following an expiring permit) are joined, so coverage may be carried
 * by consecutive permits with no day missing; dates are ISO days, both ends inclusive. The deemed validity
 * while a renewal application is pending (法第14条第3項) is not modelled: record the renewed permit instead.
 * Without a disposal site (`unloadingDistrict` null) coverage cannot be confirmed (NO_DISPOSAL_SITE): the
 * unloading permit is half of the rule, so it is never assumed. Which period is checked is `coveragePeriod`.
 */

export interface CoveragePermit {
  /** Prefecture or designated-city code (or a prefecture name). */
  district: string;
  kind: PermitKind;
  /** Major classifications of industrial waste the permit covers. */
  wasteKindIds: number[];
  /** ISO dates, both inclusive. */
  issueDate: string;
  expiryDate: string;
  retired: boolean;
  /** The permit allows transshipment and storage (積替え保管あり). */
  transshipment: boolean;
}

export interface CoverageProject {
  /** The prefecture of each discharge site. */
  loadingDistricts: string[];
  /** The disposal site's prefecture; null when the transporter has no disposal site to deliver to. */
  unloadingDistrict: string | null;
  /** Each industrial waste line's major classification. */
  wasteKindIds: number[];
  periodFrom: string;
  periodTo: string;
  needsTransshipment?: boolean;
}

export const PERMIT_COVERAGE_REASONS = [
  'NO_PERMIT',
  'KIND_NOT_COVERED',
  'EXPIRES_IN_PERIOD',
  'NOT_YET_VALID',
  'EXPIRED',
  'NO_TRANSSHIPMENT',
  'NO_DISPOSAL_SITE',
] as const;
export type PermitCoverageReason = (typeof PERMIT_COVERAGE_REASONS)[number];

export interface PermitCoverageGap {
  /** The district missing; null when there is none to name (no disposal site). */
  district: string | null;
  wasteKindId?: number;
  reason: PermitCoverageReason;
}

export interface PermitCoverage {
  covered: boolean;
  missing: PermitCoverageGap[];
}

/** The message each reason is shown with (params: district, wasteKind). */
export const PERMIT_COVERAGE_MESSAGES = {
  NO_PERMIT: 'permit_coverage_no_permit',
  KIND_NOT_COVERED: 'permit_coverage_kind_not_covered',
  EXPIRES_IN_PERIOD: 'permit_coverage_expires_in_period',
  NOT_YET_VALID: 'permit_coverage_not_yet_valid',
  EXPIRED: 'permit_coverage_expired',
  NO_TRANSSHIPMENT: 'permit_coverage_no_transshipment',
  NO_DISPOSAL_SITE: 'permit_coverage_no_disposal_site',
} as const satisfies Record<PermitCoverageReason, MessageCode>;

export interface DistrictRef {
  /** 2-digit prefecture code. */
  prefecture: string;
  /** The city's 5-digit code when the district is a city, else null. */
  city: string | null;
}

/** Reads a district: a prefecture's code or name, or a city's 5- or 6-digit code; null when none of these. */
export function parseDistrict(district: string): DistrictRef | null {
  const value = district.trim();
  const byName = (PREFECTURES as readonly string[]).indexOf(value);
  if (byName >= 0) return { prefecture: String(byName + 1).padStart(2, '0'), city: null };
  if (!/^\d{2}(\d{3}\d?)?$/.test(value)) return null;
  const prefecture = value.slice(0, 2);
  const n = Number(prefecture);
  if (n < 1 || n > PREFECTURES.length) return null;
  if (value.length === 2) return { prefecture, city: null };
  return { prefecture, city: value.slice(0, 5) };
}

const nextDay = (iso: string): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Whether the permits' validity, joined, covers every day from `from` to `to`; if not, why: no permit is valid on
 * `from`, because the last one issued by then has lapsed (EXPIRED) or none was issued yet (NOT_YET_VALID), or
 * there is a gap or an end before `to` (EXPIRES_IN_PERIOD).
 */
function periodGap(
  permits: readonly CoveragePermit[],
  from: string,
  to: string,
): 'NOT_YET_VALID' | 'EXPIRED' | 'EXPIRES_IN_PERIOD' | null {
  const sorted = [...permits].sort((a, b) => a.issueDate.localeCompare(b.issueDate));
  let reached = from; // every day before `reached` is covered
  let started = false;
  for (const p of sorted) {
    if (p.issueDate > reached) break;
    if (p.expiryDate >= reached) {
      started = true;
      reached = nextDay(p.expiryDate);
      if (reached > to) return null;
    }
  }
  if (started) return 'EXPIRES_IN_PERIOD';
  return sorted.some((p) => p.issueDate <= from) ? 'EXPIRED' : 'NOT_YET_VALID';
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** Checks the project's route and waste kinds against the company's permits; see the comment at the top. */
export function permitCoverage(permits: readonly CoveragePermit[], project: CoverageProject): PermitCoverage {
  const missing: PermitCoverageGap[] = [];
  const transport = permits.filter((p) => p.kind === 'COLLECTION_TRANSPORT' && !p.retired);
  const kinds = unique(project.wasteKindIds);
  const route = unique(
    project.unloadingDistrict === null
      ? project.loadingDistricts
      : [...project.loadingDistricts, project.unloadingDistrict],
  );
  if (project.unloadingDistrict === null) missing.push({ district: null, reason: 'NO_DISPOSAL_SITE' });
  const routePrefectures = new Set<string>();

  for (const district of route) {
    const ref = parseDistrict(district);
    if (ref) routePrefectures.add(ref.prefecture);
    // Loading and unloading need the prefecture's own permit (a city's does not count since 2011).
    const own = ref
      ? transport.filter((p) => {
          const r = parseDistrict(p.district);
          return r !== null && r.city === null && r.prefecture === ref.prefecture;
        })
      : [];
    if (own.length === 0) {
      missing.push({ district, reason: 'NO_PERMIT' });
      continue;
    }
    for (const kind of kinds) {
      const covering = own.filter((p) => p.wasteKindIds.includes(kind));
      if (covering.length === 0) {
        missing.push({ district, wasteKindId: kind, reason: 'KIND_NOT_COVERED' });
        continue;
      }
      const gap = periodGap(covering, project.periodFrom, project.periodTo);
      if (gap) missing.push({ district, wasteKindId: kind, reason: gap });
    }
  }

  if (project.needsTransshipment) {
    const withTransshipment = transport.filter((p) => {
      const r = parseDistrict(p.district);
      return p.transshipment && r !== null && routePrefectures.has(r.prefecture);
    });
    // One permit (of one district) must allow transshipment of every kind through the whole period.
    const byDistrict = new Map<string, CoveragePermit[]>();
    for (const p of withTransshipment) {
      const key = parseDistrict(p.district);
      const id = key ? (key.city ?? key.prefecture) : p.district;
      byDistrict.set(id, [...(byDistrict.get(id) ?? []), p]);
    }
    const ok = [...byDistrict.values()].some((group) =>
      kinds.every(
        (kind) =>
          periodGap(
            group.filter((p) => p.wasteKindIds.includes(kind)),
            project.periodFrom,
            project.periodTo,
          ) === null,
      ),
    );
    if (!ok) missing.push({ district: project.unloadingDistrict, reason: 'NO_TRANSSHIPMENT' });
  }

  return { covered: missing.length === 0, missing };
}

/**
 * The days a project's coverage is checked over (ISO days, inclusive). With a contract: from its start, or today
 * once it has started (the days already past are history, not a permit still needed), to its end. Without one
 * (an open request, a quote): today only, as no period is agreed yet; the contract's period is checked when it is
 * sent. A contract already past its end is checked on today alone.
 */
export function coveragePeriod(
  contract: { startDate: string; endDate: string } | null,
  today: string,
): { from: string; to: string } {
  if (!contract) return { from: today, to: today };
  const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
  const from = laterDay(contract.startDate, today);
  return { from, to: laterDay(contract.endDate, from) };
}

/** One gap as a key, to remember what was already announced ('13|5|EXPIRES_IN_PERIOD'). */
export function coverageGapKey(gap: PermitCoverageGap): string {
  return `${gap.district ?? ''}|${gap.wasteKindId ?? ''}|${gap.reason}`;
}
