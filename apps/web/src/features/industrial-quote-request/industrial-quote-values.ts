import { type ProjectDetail, type QuoteRequestInput, quoteRequestSchema } from '@junkan/shared/api/projects';
import { paths } from '@junkan/shared/paths';
import { keptInputKey } from '../../components/form/kept-input';

export type LineValues = Record<string, unknown>;
export interface FormValues {
  projectTitle?: string;
  memo?: string;
  officeId?: number | null;
  dischargeSiteIds?: number[];
  lines?: LineValues[];
}

export const EMPTY: FormValues = { dischargeSiteIds: [], lines: [{ frequency: 'SPOT' }] };

/**
 * The next step after saving: the confirm step, where the discharger sends the request. (The edit step
 * /new-quote-request/edit sends industrial drafts back to this page with ?id=.)
 */
export const confirmStepPath = (id: number) => `${paths.quoteRequestConfirm.to()}?id=${id}`;

/** Unsaved input survives a reload: kept per user (and draft) in sessionStorage until it is saved. */
export const draftKey = (userId: number | undefined, projectId: number | null) =>
  keptInputKey(userId, 'largeGarbageDraft', projectId ?? 'new');

/** The form's values from a saved draft (edit mode). */
export function fromDetail(d: ProjectDetail): FormValues {
  return {
    projectTitle: d.projectTitle,
    memo: d.memo ?? undefined,
    officeId: d.office?.id ?? null,
    dischargeSiteIds: d.discharges.map((x) => x.id),
    lines: d.pwasteIndustries.map((l) => ({
      wasteId: l.waste.id,
      quantity: l.quantity == null ? undefined : String(l.quantity),
      unitMeasureId: l.measureUnit?.id,
      packingStyleId: l.packing?.id ?? null,
      dimensions: l.dimensions ?? undefined,
      frequency: l.frequency ?? 'SPOT',
      frequencyNumber: l.frequencyNumber,
      transTime: l.transTime ?? undefined,
      wasteDetails: l.wasteDetails ?? undefined,
    })),
  };
}

/** The request body from the form: the industrial type, blank optional texts left out. */
export function toRequest(values: FormValues): QuoteRequestInput {
  const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
  return {
    type: 'INDUSTRIAL',
    projectTitle: values.projectTitle ?? '',
    memo: blank(values.memo) as string | undefined,
    officeId: values.officeId ?? null,
    dischargeSiteIds: values.dischargeSiteIds ?? [],
    lines: (values.lines ?? []).map((l) => ({
      ...l,
      dimensions: blank(l.dimensions),
      transTime: blank(l.transTime),
      wasteDetails: blank(l.wasteDetails),
      frequencyNumber: l.frequency === 'SPOT' ? null : (l.frequencyNumber ?? null),
    })) as Extract<QuoteRequestInput, { type: 'INDUSTRIAL' }>['lines'],
  };
}

/** The body to send once the shared rules pass, or the schema issues (form paths) that stop it. */
export function buildQuoteRequest(values: FormValues) {
  const body = toRequest(values);
  const parsed = quoteRequestSchema.safeParse(body);
  return parsed.success
    ? ({ ok: true, input: body } as const)
    : ({ ok: false, issues: parsed.error.issues } as const);
}
