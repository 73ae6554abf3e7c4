import { type ProjectDetail, type QuoteRequestInput, quoteRequestSchema } from '@junkan/shared/api/projects';
import { BAG_SIZES } from '@junkan/shared/enums';
import type { z } from 'zod';
import { formatVolume } from '../../../components/form/volume';

export interface RegularRowValues {
  wasteId: number;
  use: boolean;
  monthlyCapacity?: string;
  bags: Record<string, number | null | undefined>;
  collectionCount?: number | null;
  weekdays: number[];
}

export interface RegularFormValues {
  projectTitle: string;
  memo?: string;
  officeId?: number | null;
  dischargeSiteIds: number[];
  rows: RegularRowValues[];
}

type NamePath = (string | number)[];

/** One empty row per regular category, in the master's order. */
export function emptyValues(wasteIds: number[]): RegularFormValues {
  return {
    projectTitle: '',
    memo: '',
    officeId: null,
    dischargeSiteIds: [],
    rows: wasteIds.map((wasteId) => ({ wasteId, use: false, bags: {}, weekdays: [] })),
  };
}

/** Sign-up carries ?type=&size=&num=&week=: bag litres, bag count, collections a week, on the burnable row. */
export function applySignupParams(values: RegularFormValues, params: URLSearchParams): RegularFormValues {
  const size = params.get('size');
  const num = Number(params.get('num'));
  const week = Number(params.get('week'));
  const first = values.rows[0];
  if (!first || (!size && !num && !week)) return values;
  const row: RegularRowValues = { ...first, use: true };
  if (size && (BAG_SIZES as readonly number[]).includes(Number(size)) && num > 0)
    row.bags = { ...row.bags, [size]: Math.min(num, 999) };
  if (week >= 1 && week <= 7) row.collectionCount = week;
  return { ...values, rows: [row, ...values.rows.slice(1)] };
}

/** A saved regular draft as form values (categories it does not name stay unticked). */
export function fromDetail(detail: ProjectDetail, wasteIds: number[]): RegularFormValues {
  const byWaste = new Map(detail.pwasteRegulars.map((l) => [l.waste.id, l]));
  return {
    projectTitle: detail.projectTitle,
    memo: detail.memo ?? '',
    officeId: detail.office?.id ?? null,
    dischargeSiteIds: detail.discharges.map((d) => d.id),
    rows: wasteIds.map((wasteId) => {
      const line = byWaste.get(wasteId);
      if (!line) return { wasteId, use: false, bags: {}, weekdays: [] };
      return {
        wasteId,
        use: true,
        monthlyCapacity: line.monthlyCapacity ? formatVolume(String(line.monthlyCapacity)) : undefined,
        bags: line.bags,
        collectionCount: line.collectionCount,
        weekdays: line.weekdays,
      };
    }),
  };
}

/** The request body of the ticked rows, and for each line the form row it came from. */
export function toRequest(values: RegularFormValues): { body: QuoteRequestInput; rowOfLine: number[] } {
  const rowOfLine: number[] = [];
  const lines = values.rows.flatMap((row, i) => {
    if (!row.use) return [];
    rowOfLine.push(i);
    const bags = Object.fromEntries(
      Object.entries(row.bags ?? {}).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0,
      ),
    );
    const capacity = (row.monthlyCapacity ?? '').replaceAll(',', '').trim();
    return [
      {
        wasteId: row.wasteId,
        monthlyCapacity: capacity === '' ? undefined : capacity,
        bags,
        collectionCount: row.collectionCount ?? (undefined as unknown as number),
        weekdays: [...(row.weekdays ?? [])].sort((a, b) => a - b),
      },
    ];
  });
  return {
    body: {
      type: 'REGULAR',
      projectTitle: values.projectTitle ?? '',
      memo: values.memo || undefined,
      officeId: values.officeId ?? null,
      dischargeSiteIds: values.dischargeSiteIds ?? [],
      lines,
    },
    rowOfLine,
  };
}

/** A request path (lines.1.weekdays) as the form's field path (rows.<row>.weekdays). */
export function formPath(path: readonly PropertyKey[], rowOfLine: number[]): NamePath {
  const parts = path
    .filter((p): p is string | number => typeof p !== 'symbol')
    .map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === 'lines' && typeof parts[1] === 'number') {
    const rest = parts.slice(2);
    return ['rows', rowOfLine[parts[1]] ?? 0, ...(rest.length ? rest.slice(0, 1) : ['use'])];
  }
  return parts;
}

/** Runs the shared rules; answers the issues with form paths, or the parsed body. */
export function validate(values: RegularFormValues) {
  const { body, rowOfLine } = toRequest(values);
  const result = quoteRequestSchema.safeParse(body);
  const issues: { name: NamePath; message: string }[] = result.success
    ? []
    : result.error.issues.map((i: z.core.$ZodIssue) => ({
        name: formPath(i.path, rowOfLine),
        message: i.message,
      }));
  return { body, rowOfLine, issues };
}
