import {
  COLLECTION_MAX,
  type CollectionPreview,
  type CollectionRequestInput,
  type CollectionRequestOption,
  collectionRequestSchema,
} from '@junkan/shared/api/collections';
import {
  type CollectionDateIssue,
  type CollectionFrequency,
  type CollectionRequestKind,
  desiredDatesIssues,
  type NotCollectableReason,
  requestContractIssues,
  requestKindsOf,
  type VehicleLimit,
} from '@junkan/shared/collection-rules';
import { BAG_SIZES } from '@junkan/shared/enums';
import { keptInputKey } from '../../components/form/kept-input';
import { firstPerField, type NamePath, namePath } from '../../lib/form-issues';
import type { KnownDay } from './request-days';

/**
 * The collection request form as plain data: its values, the request body they make, the issues that stop
 * it (the shared schema's, the desired dates' and the server's, each on its form field), and the days the
 * date pickers offer.
 */

/** One waste line of the contract: ticked to collect it, with bag counts by litres or a volume. */
export interface LineValues {
  wasteLineId: number;
  use: boolean;
  bags?: Record<string, number | null | undefined>;
  volume?: string;
}

export interface RequestFormValues {
  projectId?: number | null;
  dischargeSiteId?: number | null;
  kind?: CollectionRequestKind;
  /** DATES: one picker per desired date (YYYY-MM-DD; null while empty). */
  dates?: (string | null)[];
  frequency?: CollectionFrequency | null;
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays?: number[];
  collectionCount?: number | null;
  /** One row per waste line of the chosen project's contract, in the contract's order. */
  lines?: LineValues[];
  vehicleLimit?: VehicleLimit;
  entryFrom?: string | null;
  entryUntil?: string | null;
  memo?: string;
}

/** Weekday checkboxes, Monday first (values are 0 = Sunday ... 6 = Saturday). */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** Entry hours offered, every 15 minutes (HH:mm). */
export const ENTRY_TIMES: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const h = String(Math.floor(i / 4)).padStart(2, '0');
  const m = String((i % 4) * 15).padStart(2, '0');
  return `${h}:${m}`;
});

/** Unsaved input kept per user (sessionStorage) until the request is sent. */
export const requestDraftKey = (userId: number | undefined) => keptInputKey(userId, 'collectionRequest');
/** The checked request waiting on the confirm step (body and preview). */
export const pendingRequestKey = (userId: number | undefined) =>
  keptInputKey(userId, 'collectionRequest', 'pending');

export interface PendingRequest {
  body: CollectionRequestInput;
  preview: CollectionPreview;
}

export const EMPTY_REQUEST: RequestFormValues = {
  projectId: null,
  dischargeSiteId: null,
  kind: 'DATES',
  dates: [null],
  weekdays: [],
  lines: [],
  vehicleLimit: 'NONE',
  entryFrom: null,
  entryUntil: null,
  memo: '',
};

/** The contract's frame as the shared request rules read it. */
const frameOf = (option: CollectionRequestOption) => ({
  projectType: option.projectType,
  contractType: option.contract.contractType,
  collectionsLeft: option.contract.collectionsLeft,
});

/** Whether a project may ask for recurring collections (the shared `requestKindsOf`). */
export const canRecur = (option: CollectionRequestOption | undefined) =>
  option !== undefined && requestKindsOf(frameOf(option)).includes('RECURRING');

/**
 * The kinds the form offers: a spot contract's chosen dates alone (recurring is not offered at all); for the
 * others both, recurring disabled where the contract does not take it.
 */
export function offeredKinds(
  option: CollectionRequestOption | undefined,
): { kind: CollectionRequestKind; disabled: boolean }[] {
  if (option?.contract.contractType === 'SPOT') return [{ kind: 'DATES', disabled: false }];
  return [
    { kind: 'DATES', disabled: false },
    { kind: 'RECURRING', disabled: !canRecur(option) },
  ];
}

/** What the form says under the kinds: a spot contract's dates only and how many are left, or why no recurring. */
export function kindHint(option: CollectionRequestOption | undefined): { key: string; left?: number } | null {
  if (!option) return null;
  if (option.contract.contractType === 'SPOT')
    return { key: 'collections.spotDatesOnly', left: option.contract.collectionsLeft ?? 0 };
  return canRecur(option) ? null : { key: 'collections.kindRecurringOnlyRegular' };
}

/** How many date pickers the form offers at most: the request's cap, or fewer when the contract has fewer left. */
export function maxDates(option: CollectionRequestOption | undefined): number {
  const left = option?.contract.collectionsLeft;
  return left == null ? COLLECTION_MAX.dates : Math.max(1, Math.min(left, COLLECTION_MAX.dates));
}

/** The values a newly chosen project starts with: its only site chosen, each line (the only one ticked). */
export function valuesForProject(option: CollectionRequestOption): RequestFormValues {
  return {
    ...EMPTY_REQUEST,
    projectId: option.projectId,
    dischargeSiteId: option.dischargeSites.length === 1 ? (option.dischargeSites[0]?.id ?? null) : null,
    lines: option.wasteLines.map((l) => ({
      wasteLineId: l.id,
      use: option.wasteLines.length === 1,
      bags: {},
      volume: '',
    })),
  };
}

/** Which inputs a waste line offers: bags for general waste, a volume where the line has a unit. */
export function lineInputs(line: { kind: string; unit: string | null }): { bags: boolean; volume: boolean } {
  const bags = line.kind === 'REGULAR';
  return { bags, volume: !bags || line.unit !== null };
}

/** The request body, and for each body line the form row it came from (server paths name body lines). */
export function toRequest(values: RequestFormValues): { body: CollectionRequestInput; rowOfLine: number[] } {
  const rowOfLine: number[] = [];
  const kind = values.kind ?? 'DATES';
  const lines = (values.lines ?? []).flatMap((row, i) => {
    if (!row.use) return [];
    rowOfLine.push(i);
    const bags = Object.fromEntries(
      Object.entries(row.bags ?? {}).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0,
      ),
    );
    const volume = (row.volume ?? '').replaceAll(',', '').trim();
    return [{ wasteLineId: row.wasteLineId, bags, ...(volume ? { volume } : {}) }];
  });
  const memo = (values.memo ?? '').trim();
  const body: CollectionRequestInput = {
    projectId: values.projectId ?? (undefined as unknown as number),
    dischargeSiteId: values.dischargeSiteId ?? (undefined as unknown as number),
    kind,
    lines,
    vehicleLimit: values.vehicleLimit ?? 'NONE',
    ...(values.entryFrom ? { entryFrom: values.entryFrom } : {}),
    ...(values.entryUntil ? { entryUntil: values.entryUntil } : {}),
    ...(memo ? { memo } : {}),
  };
  if (kind === 'DATES') body.dates = (values.dates ?? []).map((d) => d ?? '');
  else {
    body.frequency = values.frequency ?? undefined;
    body.weekdays = [...(values.weekdays ?? [])].sort((a, b) => a - b);
    body.collectionCount = values.collectionCount ?? undefined;
  }
  return { body, rowOfLine };
}

/** Why a date cannot be collected, and the next day that can, for the date's message. */
export interface DateParams {
  reason?: NotCollectableReason;
  nextDate?: string | null;
}

/** An issue as the form shows it: on a field (a name path) or, without one, as a toast. */
export interface RequestIssue {
  name: NamePath | null;
  code: string;
  params?: DateParams;
}

/** A request path (`lines.1.bags`, `dates.2`) as the form's field path. */
export function formPath(path: readonly PropertyKey[], rowOfLine: readonly number[]): NamePath {
  const parts = namePath(path).map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === 'lines' && typeof parts[1] === 'number') {
    const row = rowOfLine[parts[1]] ?? parts[1];
    const field = parts[2];
    // A bag size's own issue shows on the line's bags; the line's waste itself (twice, unknown) on its tick box.
    return ['lines', row, field === 'bags' || field === 'volume' ? field : 'use'];
  }
  return parts;
}

export interface RequestContext {
  /** Japan today, YYYY-MM-DD. */
  today: string;
  option: CollectionRequestOption | undefined;
  /** Collectable days already fetched for the pickers (a day not in it is left to the server). */
  known: ReadonlyMap<string, KnownDay>;
}

const dateIssue = (issue: CollectionDateIssue): RequestIssue => ({
  name: ['dates', issue.index],
  code: issue.code,
  ...(issue.reason ? { params: { reason: issue.reason, nextDate: issue.nextDate ?? null } } : {}),
});

/** The desired dates' issues (past, outside the contract, a day known not collectable, the same day twice). */
export function dateIssues(dates: readonly (string | null)[], ctx: RequestContext): RequestIssue[] {
  const option = ctx.option;
  const blanks: RequestIssue[] = dates.flatMap((d, index) =>
    d ? [] : [{ name: ['dates', index], code: 'MSG_00_21' }],
  );
  if (!option) return blanks;
  const filled = dates.map((d) => d ?? '');
  const issues = desiredDatesIssues(filled, {
    today: ctx.today,
    period: { startDate: option.contract.startDate, endDate: option.contract.requestableUntil },
    lookup: (date) => {
      const day = ctx.known.get(date);
      return day && !day.collectable
        ? { isBusinessDay: false, reason: day.reason ?? 'NOT_BUSINESS_WEEKDAY' }
        : { isBusinessDay: true };
    },
  }).filter((issue) => filled[issue.index] !== '');
  return [...blanks, ...issues.map(dateIssue)];
}

/**
 * The issue of one desired date as its picker's rule tells it: the days the picker disables (past, outside the
 * requestable period, known not collectable) and a day already asked for; an empty picker waits for the check.
 */
export function dateIssueAt(
  dates: readonly (string | null)[],
  index: number,
  ctx: RequestContext,
): RequestIssue | null {
  if (!dates[index]) return null;
  return dateIssues(dates, ctx).find((issue) => issue.name?.[1] === index) ?? null;
}

/** The texts of an empty list (keys of this feature, shown like message codes). */
export const LIST_REQUIRED = {
  lines: 'collections.linesRequired',
  dates: 'collections.datesRequired',
} as const;

/** The body to check, or the issues that stop it: the shared schema's and the desired dates', first per field. */
export function buildCollectionRequest(
  values: RequestFormValues,
  ctx: RequestContext,
): { ok: true; input: CollectionRequestInput; rowOfLine: number[] } | { ok: false; issues: RequestIssue[] } {
  const { body, rowOfLine } = toRequest(values);
  const parsed = collectionRequestSchema.safeParse(body);
  const issues: RequestIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = formPath(issue.path, rowOfLine);
        // "Required" under the whole list says too little: which list, and that one item is enough.
        const list = name.length === 1 && (name[0] === 'lines' || name[0] === 'dates') ? name[0] : null;
        const code = list && issue.message === 'MSG_00_21' ? LIST_REQUIRED[list] : issue.message;
        return { name, code };
      });
  if (ctx.option)
    for (const issue of requestContractIssues(
      { kind: body.kind, dates: body.dates ?? [] },
      frameOf(ctx.option),
    ))
      issues.push({ name: formPath(issue.field.split('.'), rowOfLine), code: issue.code });
  if (body.kind === 'DATES') {
    // The schema's own date issues (format) give way to the clearer per-date ones.
    const perDate = dateIssues(values.dates ?? [], ctx);
    const dated = new Set(perDate.map((i) => (i.name ?? []).join('.')));
    issues.splice(
      0,
      issues.length,
      ...perDate,
      ...issues.filter((i) => !dated.has((i.name ?? []).join('.'))),
    );
  }
  const first = firstPerField(issues, (i) => (i.name ?? []).join('.'));
  if (first.length > 0) return { ok: false, issues: first };
  return { ok: true, input: body, rowOfLine };
}

/**
 * A refused check or request: the server's field codes on their form fields, a refused date with its
 * reason and next collectable day (`params['dates.2.reason']`, `params['dates.2.nextDate']`).
 */
export function refusalIssues(
  refusal: { fields?: Record<string, string>; params?: Record<string, string | number> },
  rowOfLine: readonly number[],
): RequestIssue[] {
  const params = refusal.params ?? {};
  const issues = Object.entries(refusal.fields ?? {}).map(([field, code]): RequestIssue => {
    const reason = params[`${field}.reason`];
    const nextDate = params[`${field}.nextDate`];
    const issue: RequestIssue = { name: formPath(field.split('.'), rowOfLine), code };
    if (typeof reason === 'string')
      issue.params = {
        reason: reason as NotCollectableReason,
        nextDate: typeof nextDate === 'string' && nextDate ? nextDate : null,
      };
    return issue;
  });
  return firstPerField(issues, (i) => (i.name ?? []).join('.'));
}

/** The text of an issue: a message code, or this feature's sentence for a refused date with its reason. */
export function issueMessage(issue: Pick<RequestIssue, 'code' | 'params'>): {
  key: string;
  reason?: NotCollectableReason;
  nextDate?: string;
} {
  const reason = issue.params?.reason;
  if (issue.code !== 'collection_date_not_collectable' || !reason) return { key: issue.code };
  const nextDate = issue.params?.nextDate;
  return nextDate
    ? { key: 'collections.dateRefusal.withNext', reason, nextDate }
    : { key: 'collections.dateRefusal.noNext', reason };
}

/** Selected weekdays against the number of collections, as the schema will judge them. */
export function weekdayCountState(
  weekdays: readonly number[] | undefined,
  count: number | null | undefined,
): { selected: number; count: number | null; matches: boolean } {
  const selected = new Set(weekdays ?? []).size;
  const n = typeof count === 'number' ? count : null;
  return { selected, count: n, matches: n !== null && selected === n };
}

/** Bag sizes in litres, as the form's keys. */
export const BAG_KEYS = BAG_SIZES.map(String);

/** A preview's counts: collections to be made and dates skipped (the transporter does not collect then). */
export function previewCounts(preview: CollectionPreview): { planned: number; skipped: number } {
  const skipped = preview.collections.filter((c) => c.status === 'SKIPPED').length;
  return { planned: preview.collections.length - skipped, skipped };
}

/**
 * Input kept from an earlier visit, if it still fits: its project is still offered and its lines are the
 * contract's. Otherwise null (the form starts afresh rather than sending stale lines).
 */
export function restoreRequestValues(
  raw: unknown,
  options: readonly CollectionRequestOption[],
): RequestFormValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const values = raw as RequestFormValues;
  if (values.projectId == null) return values;
  const option = options.find((o) => o.projectId === values.projectId);
  if (!option) return null;
  const ids = (values.lines ?? []).map((l) => l?.wasteLineId);
  const same = ids.length === option.wasteLines.length && option.wasteLines.every((l, i) => l.id === ids[i]);
  return same ? values : { ...values, lines: valuesForProject(option).lines };
}

/** Where a new form starts: the only project chosen for the user, else nothing. */
export const startingValues = (options: readonly CollectionRequestOption[]): RequestFormValues =>
  options.length === 1 && options[0] ? valuesForProject(options[0]) : EMPTY_REQUEST;
