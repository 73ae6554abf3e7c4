import { type DriverMarkInput, type DriverStop, driverMarkInputSchema } from '@junkan/shared/api/drivers';
import type { DriverMarkResult, NotCollectedReason } from '@junkan/shared/driver-rules';
import { BAG_SIZES } from '@junkan/shared/enums';
import { messageCodeOfIssue } from '@junkan/shared/messages';
import { unformatVolume } from '../../components/form/volume';
import { type NamePath, namePath } from '../../lib/form-issues';

/**
 * The mark form's values and rules (docs/kits/forms.md): the values a stop starts with, the body of
 * POST /driver/marks built from them and checked with the shared schema, and each issue's field.
 */

/** Bag sizes as the form's and the body's keys ('30', '45', ...). */
export const BAG_KEYS = BAG_SIZES.map(String);

export interface MarkLineValues {
  wasteLineId: number;
  bags: Record<string, number>;
  /** kg and the line's volume as typed in the volume input (1,234.50). */
  weightKg: string;
  volume: string;
}

export interface MarkFormValues {
  lines: MarkLineValues[];
  reasonCode?: NotCollectedReason;
  reasonText: string;
  /** The driver asked for the position to be kept with the mark. */
  withPosition: boolean;
}

type StopLine = DriverStop['lines'][number];

/**
 * Which amounts a line takes: bags by size for regular waste (whose unit is the month's kg), a volume in the
 * line's unit for industrial waste, and kg always.
 */
export function lineInputs(line: Pick<StopLine, 'kind' | 'unit'>): { bags: boolean; volume: boolean } {
  return { bags: line.kind === 'REGULAR', volume: line.kind === 'INDUSTRIAL' && line.unit !== null };
}

const amountText = (n: number | null | undefined) => (n == null ? '' : String(n));

/**
 * The form a stop opens with: a collected stop starts from what was asked (the driver counts from there), a stop
 * not collected from nothing; a refused mark being corrected, from what it said.
 */
export function initialMarkValues(
  stop: Pick<DriverStop, 'lines'>,
  result: DriverMarkResult,
  from?: DriverMarkInput,
): MarkFormValues {
  const sent = new Map((from?.lines ?? []).map((l) => [l.wasteLineId, l]));
  return {
    lines: stop.lines.map((line) => {
      const old = sent.get(line.wasteLineId);
      const asked = result === 'COLLECTED' && !from;
      const bags = old ? old.bags : asked && lineInputs(line).bags ? line.bags : {};
      return {
        wasteLineId: line.wasteLineId,
        bags: Object.fromEntries(BAG_KEYS.map((size) => [size, bags?.[size] ?? 0])),
        weightKg: amountText(old?.weightKg),
        volume: amountText(old ? old.volume : asked && lineInputs(line).volume ? line.volume : null),
      };
    }),
    reasonCode: from?.reasonCode ?? undefined,
    reasonText: from?.reasonText ?? '',
    withPosition: from?.position != null,
  };
}

/** A typed amount: empty is none; anything else the schema checks (text that is not a number fails). */
function amount(text: string): number | null {
  const plain = unformatVolume(text).trim();
  return plain === '' ? null : Number(plain);
}

/** Where an issue shows: its field's name path, or null for the form's own message (nothing counted). */
export interface MarkIssue {
  name: NamePath | null;
  code: string;
}

export type BuiltMark = { ok: true; input: DriverMarkInput } | { ok: false; issues: MarkIssue[] };

/** What the form adds to the values: the stop's identity and version, the time, the position if kept. */
export interface MarkContext {
  clientId: string;
  result: DriverMarkResult;
  stop: Pick<DriverStop, 'id' | 'version' | 'date'>;
  /** The business clock's time of the mark, ISO with its offset. */
  markedAt: string;
  position: DriverMarkInput['position'];
}

/** Field names of the form (the body's paths); `lines` alone is the form's message. */
const FORM_FIELDS = /^(reasonCode|reasonText|lines\.\d+\.(bags\.\d+|weightKg|volume))$/;

/** The body of POST /driver/marks from the form, checked with the shared schema. */
export function buildMarkInput(values: MarkFormValues, ctx: MarkContext): BuiltMark {
  const collected = ctx.result === 'COLLECTED';
  const body: DriverMarkInput = {
    clientId: ctx.clientId,
    collectionId: ctx.stop.id,
    baseVersion: ctx.stop.version,
    baseDate: ctx.stop.date,
    result: ctx.result,
    reasonCode: collected ? null : (values.reasonCode ?? null),
    reasonText: collected ? null : values.reasonText.trim() || null,
    lines: collected
      ? values.lines.map((line) => ({
          wasteLineId: line.wasteLineId,
          bags: Object.fromEntries(Object.entries(line.bags).filter(([, n]) => n > 0)),
          weightKg: amount(line.weightKg),
          volume: amount(line.volume),
        }))
      : [],
    markedAt: ctx.markedAt,
    position: values.withPosition ? ctx.position : null,
  };
  const parsed = driverMarkInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues = parsed.error.issues.map((issue) => {
    const path = namePath(issue.path);
    return { name: FORM_FIELDS.test(path.join('.')) ? path : null, code: messageCodeOfIssue(issue) };
  });
  return { ok: false, issues };
}

/** A refusal's field codes (`lines.0.weightKg`) as the form's name paths; bag sizes stay text keys. */
export function serverIssues(fields: Record<string, string>): MarkIssue[] {
  return Object.entries(fields).map(([field, code]) => {
    const parts = field.split('.');
    const name = parts.map((part, i) =>
      /^\d+$/.test(part) && parts[i - 1] !== 'bags' ? Number(part) : part,
    );
    return { name: FORM_FIELDS.test(field) ? name : null, code };
  });
}
