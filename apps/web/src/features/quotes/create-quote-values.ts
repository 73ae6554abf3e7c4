import { type ProjectDetail, VOLUME_PATTERN } from '@junkan/shared/api/projects';
import { type CreateQuoteInput, createQuoteSchema, type QuoteSuggestion } from '@junkan/shared/api/quotes';
import type { ContractForm } from '@junkan/shared/contract-rules';
import { type QuoteTotals, quoteTotals } from '@junkan/shared/quote-amount';
import {
  defaultPricing,
  isBagSize,
  type PriceUnit,
  priceUnitOf,
  type QuotePricingBasis,
  quoteLinePricingIssue,
  requestedBagSizes,
  suggestedMonthlyQuantity,
} from '@junkan/shared/quote-pricing';
import { combineUnitPrice, hasPriceParts } from '@junkan/shared/rules/combined-unit-price';
import { formatQuantity } from '../../lib/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A waste line's price as the quote form holds it: the yen input's number, the quantity as typed; a line quoted
 * for transport and disposal together holds its two parts instead of the unit price.
 */
export interface QuoteLineValues {
  /** How the line is priced, as the form's select holds it: QUANTITY, BAG:45 (a bag of 45 L), COLLECTION. */
  pricing?: PricingKey;
  unitPrice: number | null;
  transportUnitPrice?: number | null;
  disposalUnitPrice?: number | null;
  quantity: string;
}

/** The quote form's values; the valid-until date is YYYY-MM-DD text (the picker converts), null when cleared. */
export interface QuoteFormValues {
  /** Industrial requests: the contract form quoted for (transport and disposal together by default). */
  contractForm?: ContractForm;
  lines: QuoteLineValues[];
  validUntil?: string | null;
  note?: string;
}

/** A waste line of the request as the quote form shows it; `unit` is the unit its quantity is stated in. */
export interface RequestLine {
  id: number;
  kind: 'REGULAR' | 'INDUSTRIAL';
  wasteName: string;
  summary: string;
  unit: string;
  /** Regular lines: bag counts by size, monthly kg and weekly collections, which bag and collection prices use. */
  bags: Record<string, number>;
  monthlyCapacity: number | null;
  collectionCount: number | null;
}

export type PricingKey = 'QUANTITY' | 'COLLECTION' | `BAG:${number}`;

export const pricingKey = (basis: QuotePricingBasis, bagSize: number | null): PricingKey =>
  basis === 'BAG' ? `BAG:${bagSize ?? 0}` : basis;

/** The basis and bag size a select value stands for (an unknown value prices by quantity). */
export function parsePricingKey(key: string | undefined): {
  pricingBasis: QuotePricingBasis;
  bagSize: number | null;
} {
  if (key === 'COLLECTION') return { pricingBasis: 'COLLECTION', bagSize: null };
  if (key?.startsWith('BAG:')) return { pricingBasis: 'BAG', bagSize: Number(key.slice(4)) };
  return { pricingBasis: 'QUANTITY', bagSize: null };
}

/** The choices of a regular line: by kg, per bag of each requested size, per collection; none for industrial. */
export function pricingOptions(line: RequestLine, t: Translate): { value: PricingKey; label: string }[] {
  if (line.kind !== 'REGULAR') return [];
  return [
    { value: 'QUANTITY', label: t('units.basis.QUANTITY', { unit: line.unit }) },
    ...requestedBagSizes(line).map((size) => ({
      value: pricingKey('BAG', size),
      label: `${t('units.basis.BAG')}（${t('units.bag', { size })}）`,
    })),
    { value: 'COLLECTION', label: t('units.basis.COLLECTION') },
  ];
}

/** What one unit of the line's price is under the chosen basis (the suggestion's unit, else the line's). */
export function linePriceUnit(
  line: RequestLine,
  pricing: string | undefined,
  suggested?: SuggestedLine,
): PriceUnit {
  return priceUnitOf({
    kind: line.kind,
    ...parsePricingKey(pricing),
    unit: suggested?.unitMeasure?.unit ?? line.unit,
  });
}

/** The quantity a basis starts from: a month of bags or collections, else the request's own figure. */
export function startingQuantity(line: RequestLine, pricing: string | undefined, suggested?: SuggestedLine) {
  const { pricingBasis, bagSize } = parsePricingKey(pricing);
  const quantity =
    pricingBasis === 'QUANTITY'
      ? (suggested?.quantity ?? null)
      : suggestedMonthlyQuantity(pricingBasis, bagSize, line);
  return quantity != null ? String(quantity) : '';
}

/** What choosing another basis sets on a line: the quantity it starts from; the suggested price by kg only. */
export function pricingChangeValues(
  line: RequestLine,
  pricing: string,
  suggested?: SuggestedLine,
): Pick<QuoteLineValues, 'quantity' | 'unitPrice'> {
  return {
    quantity: startingQuantity(line, pricing, suggested),
    unitPrice: pricing === 'QUANTITY' ? (suggested?.unitPrice ?? null) : null,
  };
}

const joined = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' / ');

/** The request's waste lines, regular first: what the discharger asked for, in a line of text each. */
export function requestLines(project: ProjectDetail, t: Translate): RequestLine[] {
  const regular: RequestLine[] = project.pwasteRegulars.map((l) => ({
    id: l.id,
    kind: 'REGULAR',
    wasteName: l.waste.name,
    summary: joined([
      l.monthlyCapacity ? t('quotes.summary.capacity', { kg: l.monthlyCapacity }) : null,
      ...Object.entries(l.bags).map(([size, n]) => t('quotes.summary.bag', { size, n })),
      l.collectionCount ? t('quotes.summary.weekly', { n: l.collectionCount }) : null,
    ]),
    unit: 'kg',
    bags: l.bags,
    monthlyCapacity: l.monthlyCapacity,
    collectionCount: l.collectionCount,
  }));
  const industrial: RequestLine[] = project.pwasteIndustries.map((l) => ({
    id: l.id,
    kind: 'INDUSTRIAL',
    wasteName: l.waste.name,
    summary: joined([
      l.quantity != null
        ? formatQuantity(l.quantity, { basis: 'QUANTITY', unit: l.measureUnit?.unit ?? null }, t)
        : null,
      l.packing?.style ?? null,
      l.frequency ? t(`quotes.summary.${l.frequency}`, { n: l.frequencyNumber ?? '' }) : null,
      l.wasteDetails,
    ]),
    unit: l.measureUnit?.unit ?? '',
    bags: {},
    monthlyCapacity: null,
    collectionCount: null,
  }));
  return [...regular, ...industrial];
}

export type SuggestedLine = QuoteSuggestion['lines'][number];

/** The suggestion of each waste line, by its id. */
export const suggestionsByLine = (suggestion: QuoteSuggestion): Map<number, SuggestedLine> =>
  new Map(suggestion.lines.map((l) => [l.wasteLineId, l]));

/** The quote's form for a request of `type`: industrial requests state one, municipal waste has none. */
export const quoteForm = (type: ProjectDetail['type'], form: ContractForm | undefined) =>
  type === 'INDUSTRIAL' ? (form ?? 'COMBINED') : undefined;

/** Whether a line is priced as transport plus disposal under the chosen form. */
export const isPartLine = (
  type: ProjectDetail['type'],
  form: ContractForm | undefined,
  line: Pick<RequestLine, 'kind'>,
) => hasPriceParts(type, quoteForm(type, form), line.kind);

/**
 * The form starts from the transporter's current prices and the quantities the request states; an industrial
 * request is quoted for transport and disposal together, each industrial line's parts from the price lists.
 */
export function initialQuoteValues(
  type: ProjectDetail['type'],
  lines: readonly RequestLine[],
  suggested: ReadonlyMap<number, SuggestedLine>,
): QuoteFormValues {
  return {
    contractForm: quoteForm(type, undefined),
    lines: lines.map((l) => {
      const s = suggested.get(l.id);
      const { pricingBasis, bagSize } = defaultPricing(l);
      const pricing = pricingKey(pricingBasis, bagSize);
      return {
        pricing,
        // A listed price is per the unit of its area price (kg), so it starts only a price by quantity.
        unitPrice: pricingBasis === 'QUANTITY' ? (s?.unitPrice ?? null) : null,
        transportUnitPrice: s?.unitPrice ?? null,
        disposalUnitPrice: s?.disposalUnitPrice ?? null,
        quantity: startingQuantity(l, pricing, s),
      };
    }),
    validUntil: null,
    note: '',
  };
}

/** The unit price a line counts with: its parts' sum on a transport-and-disposal line (null while one is empty). */
export function typedUnitPrice(
  values: Partial<QuoteLineValues> | undefined,
  isParts: boolean,
): number | null {
  if (isParts) return combineUnitPrice(values ?? {}).unitPrice;
  return typeof values?.unitPrice === 'number' ? values.unitPrice : null;
}

/** The totals while the transporter types: a price or quantity not (yet) valid counts as 0. */
export function typedQuoteTotals(
  lines: readonly (Partial<QuoteLineValues> | undefined)[],
  isParts: (index: number) => boolean = () => false,
): QuoteTotals {
  return quoteTotals(
    lines.map((v, i) => {
      const quantity = String(v?.quantity ?? '').replaceAll(',', '');
      return {
        unitPrice: typedUnitPrice(v, isParts(i)) ?? 0,
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
 * (its issues carry the form's paths, lines.N.unitPrice). A transport-and-disposal line sends its parts and
 * their sum; a part the price lists lack is refused here as the server would (unit_price_cannot_be_confirmed).
 * The body is sent as built; the server parses it.
 */
export function buildQuoteInput(
  values: QuoteFormValues,
  type: ProjectDetail['type'],
  lines: readonly RequestLine[],
  suggested: ReadonlyMap<number, SuggestedLine>,
): BuiltQuote {
  const form = quoteForm(type, values.contractForm);
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const input: CreateQuoteInput = {
    contractForm: form,
    lines: lines.map((l, i) => {
      const v = values.lines[i];
      const { pricingBasis, bagSize } = parsePricingKey(v?.pricing);
      const issue = quoteLinePricingIssue({ pricingBasis, bagSize }, l);
      if (issue) issues.push({ path: ['lines', i, 'pricing'], message: issue.code });
      const base = {
        wasteLineId: l.id,
        quantity: v?.quantity ?? '',
        unitMeasureId:
          pricingBasis === 'QUANTITY' ? (suggested.get(l.id)?.unitMeasure?.id ?? undefined) : undefined,
        ...(pricingBasis === 'QUANTITY'
          ? {}
          : { pricingBasis, bagSize: isBagSize(bagSize) ? bagSize : undefined }),
      };
      if (!isPartLine(type, form, l)) return { ...base, unitPrice: v?.unitPrice as number };
      const s = suggested.get(l.id);
      const listed = { transportUnitPrice: s?.unitPrice, disposalUnitPrice: s?.disposalUnitPrice };
      for (const field of ['transportUnitPrice', 'disposalUnitPrice'] as const) {
        if (listed[field] == null)
          issues.push({ path: ['lines', i, field], message: 'unit_price_cannot_be_confirmed' });
        else if (typeof v?.[field] !== 'number')
          issues.push({ path: ['lines', i, field], message: 'MSG_00_21' });
      }
      return {
        ...base,
        unitPrice: typedUnitPrice(v, true) ?? 0,
        transportUnitPrice: v?.transportUnitPrice ?? undefined,
        disposalUnitPrice: v?.disposalUnitPrice ?? undefined,
      };
    }),
    validUntil: values.validUntil || undefined,
    note: values.note || undefined,
  };
  const parsed = createQuoteSchema.safeParse(input);
  // The schema's bag-size issue belongs to the line's pricing select.
  const schemaIssues = (parsed.success ? [] : parsed.error.issues).map((issue) =>
    issue.path[2] === 'bagSize' ? { ...issue, path: [...issue.path.slice(0, 2), 'pricing'] } : issue,
  );
  const all = [...issues, ...schemaIssues];
  return all.length === 0 ? { ok: true, input } : { ok: false, issues: all };
}
