import {
  type RegularReportInput,
  type RegularVolumeInfo,
  regularReportLines,
  regularReportSchema,
} from '@junkan/shared/api/transport-reports';
import { formatVolume } from '../../components/form/volume';
import { firstPerField, type NamePath } from '../../lib/form-issues';

export interface RegularReportLineValues {
  volume: string;
}

export interface RegularReportFormValues {
  projectId?: number | null;
  /** YYYY-MM. */
  yearMonth?: string | null;
  lines: RegularReportLineValues[];
}

/**
 * Whether a category's weight starts from the drivers' records: nothing reported yet, and the month's collected
 * marks weighed some of it (the office checks it before sending).
 */
export const isFilledFromDraft = (info: RegularVolumeInfo) =>
  !info.disabled && info.volume === null && (info.draft?.weighed ?? 0) > 0;

/**
 * A category's weight in the form: an earlier report's, else the drivers' weighed kg, else 0.00 (disabled ones
 * stay empty).
 */
export function linesFromForm(infos: readonly RegularVolumeInfo[]): RegularReportLineValues[] {
  return infos.map((info) => ({
    volume:
      info.volume !== null
        ? formatVolume(String(info.volume))
        : info.disabled
          ? ''
          : isFilledFromDraft(info) && info.draft
            ? formatVolume(String(info.draft.weightKg))
            : '0.00',
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');
export const toYearMonth = (year: number, month: number) => `${year}-${pad(month)}`;

export function parseYearMonth(value: string | null | undefined): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** A month that has not begun yet (Japan time) cannot be reported. */
export const isFutureMonth = (yearMonth: string, current: string) => yearMonth > current;

/**
 * Server and schema field names (only lines not disabled are sent, so `listVolume.N` counts sent lines)
 * to the form's paths.
 */
export function reportFieldMap(infos: readonly RegularVolumeInfo[]): Record<string, NamePath> {
  const map: Record<string, NamePath> = {
    projectId: ['projectId'],
    year: ['yearMonth'],
    month: ['yearMonth'],
  };
  let sent = 0;
  infos.forEach((info, formIndex) => {
    if (info.disabled) return;
    map[`listVolume.${sent}.volume`] = ['lines', formIndex, 'volume'];
    map[`listVolume.${sent}.category`] = ['lines', formIndex, 'volume'];
    sent++;
  });
  return map;
}

/** The month's refusals have texts about months; the generic codes speak of end dates and periods. */
const MONTH_TEXT_KEYS: Record<string, string> = {
  end_date_in_future: 'achievements.regularReport.monthInFuture',
  invalid_period: 'achievements.regularReport.monthOutsideContract',
};

/** The text key a field's code is shown with: the message code, or a month text for the month field. */
export function reportFieldTextKey(field: string, code: string): string {
  return field === 'month' || field === 'year' ? (MONTH_TEXT_KEYS[code] ?? code) : code;
}

export interface FieldIssue {
  /** The form path, or null for an issue of the whole report (no category to report). */
  name: NamePath | null;
  code: string;
}

export type BuiltReport = { ok: true; input: RegularReportInput } | { ok: false; issues: FieldIssue[] };

/** The POST body from the form: the shared schema's checks, with its issues moved onto the form's fields. */
export function buildRegularReport(
  values: RegularReportFormValues,
  infos: readonly RegularVolumeInfo[],
): BuiltReport {
  const period = parseYearMonth(values.yearMonth);
  const listVolume = regularReportLines(
    infos.map((info, i) => ({ ...info, volume: values.lines[i]?.volume ?? '' })),
  );
  const result = regularReportSchema.safeParse({
    projectId: values.projectId ?? undefined,
    year: period?.year,
    month: period?.month,
    listVolume,
  });
  if (result.success) return { ok: true, input: result.data };
  const map = reportFieldMap(infos);
  // A field shows its first issue only (an empty weight is also not a valid one).
  const named = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.');
    return { name: map[key] ?? null, code: reportFieldTextKey(key, issue.message) };
  });
  const issues: FieldIssue[] = firstPerField(named, (i) => (i.name ? i.name.join('.') : ''));
  return { ok: false, issues };
}
