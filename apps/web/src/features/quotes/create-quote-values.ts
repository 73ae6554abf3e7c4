import {
  type CreateQuoteInput,
  createQuoteSchema,
  type ProjectDetail,
  type QuoteSuggestion,
  type QuoteTotals,
  quoteTotals,
  VOLUME_PATTERN,
} from '@junkan/shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A waste line's price as the quote form holds it: the yen input's number, the quantity as typed. */
export interface QuoteLineValues {
  unitPrice: number | null;
  quantity: string;
}

/** The quote form's values; the valid-until date is YYYY-MM-DD text (the picker converts), null when cleared. */
export interface QuoteFormValues {
  lines: QuoteLineValues[];
  validUntil?: string | null;
  note?: string;
}

/** A waste line of the request as the quote form shows it. */
export interface RequestLine {
  id: number;
  wasteName: string;
  summary: string;
  unit: string;
}

const joined = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' / ');

/** The request's waste lines, regular first: what the discharger asked for, in a line of text each. */
export function requestLines(project: ProjectDetail, t: Translate): RequestLine[] {
  const regular: RequestLine[] = project.pwasteRegulars.map((l) => ({
    id: l.id,
    wasteName: l.waste.name,
    summary: joined([
      l.monthlyCapacity ? t('quotes.summary.capacity', { kg: l.monthlyCapacity }) : null,
      ...Object.entries(l.bags).map(([size, n]) => t('quotes.summary.bag', { size, n })),
      l.collectionCount ? t('quotes.summary.weekly', { n: l.collectionCount }) : null,
    ]),
    unit: 'kg',
  }));
  const industrial: RequestLine[] = project.pwasteIndustries.map((l) => ({
    id: l.id,
    wasteName: l.waste.name,
    summary: joined([
      l.quantity != null ? `${l.quantity}${l.measureUnit?.unit ?? ''}` : null,
      l.packing?.style ?? null,
      l.frequency ? t(`quotes.summary.${l.frequency}`, { n: l.frequencyNumber ?? '' }) : null,
      l.wasteDetails,
    ]),
    unit: l.measureUnit?.unit ?? '',
  }));
  return [...regular, ...industrial];
}

type SuggestedLine = QuoteSuggestion['lines'][number];

/** The suggestion of each waste line, by its id. */
export const suggestionsByLine = (suggestion: QuoteSuggestion): Map<number, SuggestedLine> =>
  new Map(suggestion.lines.map((l) => [l.wasteLineId, l]));

/** The form starts from the transporter's current prices and the quantities the request states. */
export function initialQuoteValues(
  lines: readonly RequestLine[],
  suggested: ReadonlyMap<number, SuggestedLine>,
): QuoteFormValues {
  return {
    lines: lines.map((l) => {
      const s = suggested.get(l.id);
      return { unitPrice: s?.unitPrice ?? null, quantity: s?.quantity != null ? String(s.quantity) : '' };
    }),
    validUntil: null,
    note: '',
  };
}

/** The totals while the transporter types: a price or quantity not (yet) valid counts as 0. */
export function typedQuoteTotals(lines: readonly (Partial<QuoteLineValues> | undefined)[]): QuoteTotals {
  return quoteTotals(
    lines.map((v) => {
      const quantity = String(v?.quantity ?? '').replaceAll(',', '');
      return {
        unitPrice: typeof v?.unitPrice === 'number' ? v.unitPrice : 0,
        quantity: VOLUME_PATTERN.test(quantity) ? Number(quantity) : 0,
      };
    }),
  );
}

export type BuiltQuote =
  | { ok: true; input: CreateQuoteInput }
  | { ok: false; issues: { path: PropertyKey[]; message: string }[] };

/**
 * The POST body from the form, each line with the unit of its suggestion, checked with the shared schema
 * (its issues carry the form's paths, lines.N.unitPrice). The body is sent as built; the server parses it.
 */
export function buildQuoteInput(
  values: QuoteFormValues,
  lines: readonly RequestLine[],
  suggested: ReadonlyMap<number, SuggestedLine>,
): BuiltQuote {
  const input: CreateQuoteInput = {
    lines: lines.map((l, i) => ({
      wasteLineId: l.id,
      unitPrice: values.lines[i]?.unitPrice as number,
      quantity: values.lines[i]?.quantity ?? '',
      unitMeasureId: suggested.get(l.id)?.unitMeasure?.id ?? undefined,
    })),
    validUntil: values.validUntil || undefined,
    note: values.note || undefined,
  };
  const parsed = createQuoteSchema.safeParse(input);
  return parsed.success ? { ok: true, input } : { ok: false, issues: parsed.error.issues };
}
