import { type ContractDraft, type ContractInput, contractInputSchema } from '@junkan/shared/api/contracts';
import { isIsoDate } from '@junkan/shared/business-day';
import {
  CONTRACT_FORMS,
  type ContractDates,
  type ContractForm,
  contractDateIssues,
} from '@junkan/shared/contract-rules';
import { CONTRACT_TYPES, PAYMENT_TYPES, type ProjectType } from '@junkan/shared/enums';
import { quoteLineAmount } from '@junkan/shared/quote-amount';
import {
  combineUnitPrice,
  hasPriceParts,
  UNIT_PRICE_PART_FIELDS,
  UNIT_PRICE_PARTS,
} from '@junkan/shared/rules/combined-unit-price';
import { type ContractPermitCandidate, contractPermitIssue } from '@junkan/shared/rules/permit-rules';
import { keptInputKey } from '../../components/form/kept-input';

type ContractType = (typeof CONTRACT_TYPES)[number];
type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The contract form's values. Dates are kept as YYYY-MM-DD strings (the pickers convert), so the values
 * are plain JSON and survive a reload in sessionStorage.
 */
export interface ContractFormValues {
  contractName: string;
  startDate: string;
  endDate: string;
  contractType: ContractType;
  contractForm: ContractForm;
  paymentMethod: PaymentType;
  /** Same order as the draft's waste lines; the parts count on industrial lines of a COMBINED contract. */
  unitPrices: ContractPriceValues[];
  manifestFee: number | null;
  preparationFee: number | null;
  contactPerson: string;
  /** The permit the license is chosen from; its district, number and expiry are shown, not typed. */
  permitId: number | null;
}

export interface ContractPriceValues {
  wasteLineId: number;
  unitPrice: number | null;
  transportUnitPrice: number | null;
  disposalUnitPrice: number | null;
}

export interface FieldIssue {
  name: (string | number)[];
  code: string;
}

export function formValuesFromDraft(draft: ContractDraft): ContractFormValues {
  return {
    contractName: draft.contractName,
    startDate: draft.startDate,
    endDate: draft.endDate,
    contractType: draft.contractType,
    contractForm: draft.contractForm,
    paymentMethod: draft.paymentMethod,
    unitPrices: draft.unitPrices.map((l) => ({
      wasteLineId: l.wasteLineId,
      unitPrice: l.unitPrice,
      transportUnitPrice: l.transportUnitPrice,
      disposalUnitPrice: l.disposalUnitPrice,
    })),
    manifestFee: draft.manifestFee,
    preparationFee: draft.preparationFee,
    contactPerson: draft.contactPerson,
    permitId: draft.permitId,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number | null) => (typeof v === 'number' || v === null ? v : fallback);
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  (list as readonly unknown[]).includes(v) ? (v as T) : fallback;

/**
 * Input kept from an earlier visit, laid over the draft. Kept input whose waste lines no longer match the
 * draft's (the project changed meanwhile) is dropped: null.
 */
export function restoreFormValues(stored: unknown, draft: ContractDraft): ContractFormValues | null {
  if (!isRecord(stored) || !Array.isArray(stored.unitPrices)) return null;
  const lines = stored.unitPrices as unknown[];
  const sameLines =
    lines.length === draft.unitPrices.length &&
    lines.every((l, i) => isRecord(l) && l.wasteLineId === draft.unitPrices[i]?.wasteLineId);
  if (!sameLines) return null;
  const base = formValuesFromDraft(draft);
  return {
    contractName: str(stored.contractName, base.contractName),
    startDate: str(stored.startDate, base.startDate),
    endDate: str(stored.endDate, base.endDate),
    contractType: oneOf(CONTRACT_TYPES, stored.contractType, base.contractType),
    contractForm: oneOf(CONTRACT_FORMS, stored.contractForm, base.contractForm),
    paymentMethod: oneOf(PAYMENT_TYPES, stored.paymentMethod, base.paymentMethod),
    unitPrices: base.unitPrices.map((l, i) => {
      const kept = lines[i] as Record<string, unknown>;
      return {
        wasteLineId: l.wasteLineId,
        unitPrice: num(kept.unitPrice, l.unitPrice),
        transportUnitPrice: num(kept.transportUnitPrice, l.transportUnitPrice),
        disposalUnitPrice: num(kept.disposalUnitPrice, l.disposalUnitPrice),
      };
    }),
    manifestFee: num(stored.manifestFee, base.manifestFee),
    preparationFee: num(stored.preparationFee, base.preparationFee),
    contactPerson: str(stored.contactPerson, base.contactPerson),
    permitId: num(stored.permitId, base.permitId),
  };
}

/** Whether the draft's line at `index` is priced as transport plus disposal under the chosen form. */
export const isPartLine = (
  projectType: ProjectType,
  form: ContractForm,
  lines: ContractDraft['unitPrices'] | undefined,
  index: number,
) => hasPriceParts(projectType, form, lines?.[index]?.kind ?? 'REGULAR');

/** The unit price a line counts with: its parts' sum on a transport-and-disposal line (null while one is empty). */
export const typedContractPrice = (line: Partial<ContractPriceValues> | undefined, isParts: boolean) =>
  isParts ? combineUnitPrice(line ?? {}).unitPrice : (line?.unitPrice ?? null);

/**
 * The PUT body from the form, checked with the shared schema. Regular-waste contracts have no form choice
 * and no manifest fee. With `today` (sending), the send-time date rules apply too. An industrial line of a
 * COMBINED contract (the draft's `lines` tell the kinds) sends both parts and their sum; a part the draft found
 * in neither the quote nor the price lists is refused as the server would (unit_price_cannot_be_confirmed).
 */
export function buildContractInput(
  values: ContractFormValues,
  projectType: ProjectType,
  today?: string,
  lines?: ContractDraft['unitPrices'],
): { ok: true; input: ContractInput } | { ok: false; issues: FieldIssue[] } {
  const industrial = projectType === 'INDUSTRIAL';
  const form = industrial ? values.contractForm : 'COMBINED';
  const partIssues: FieldIssue[] = [];
  const raw = {
    ...values,
    contractForm: form,
    manifestFee: industrial ? values.manifestFee : 0,
    permitId: values.permitId ?? undefined,
    unitPrices: values.unitPrices.map((l, i) => {
      if (!isPartLine(projectType, form, lines, i))
        return { wasteLineId: l.wasteLineId, unitPrice: l.unitPrice ?? undefined };
      for (const part of UNIT_PRICE_PARTS) {
        const field = UNIT_PRICE_PART_FIELDS[part];
        if (lines?.[i]?.[field] == null)
          partIssues.push({ name: ['unitPrices', i, field], code: 'unit_price_cannot_be_confirmed' });
        else if (l[field] == null) partIssues.push({ name: ['unitPrices', i, field], code: 'MSG_00_21' });
      }
      return {
        wasteLineId: l.wasteLineId,
        unitPrice: typedContractPrice(l, true) ?? 0,
        transportUnitPrice: l.transportUnitPrice ?? undefined,
        disposalUnitPrice: l.disposalUnitPrice ?? undefined,
      };
    }),
  };
  const parsed = contractInputSchema.safeParse(raw);
  const issues: FieldIssue[] = [
    ...partIssues,
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => ({
          name: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
          code: i.message,
        }))),
  ];
  if (today !== undefined) {
    for (const issue of contractDateIssues(values, today)) {
      if (!issues.some((i) => i.name.join('.') === issue.path))
        issues.push({ name: [issue.path], code: issue.code });
    }
  }
  if (!parsed.success || issues.length > 0) return { ok: false, issues };
  return { ok: true, input: parsed.data };
}

/** The amount beside a unit price: price times the quoted quantity, or null when either is missing. */
export function lineAmount(unitPrice: number | null | undefined, quantity: number | null): number | null {
  if (typeof unitPrice !== 'number' || quantity === null) return null;
  return quoteLineAmount(unitPrice, quantity);
}

/** Unsaved input survives a reload: kept per user and project in sessionStorage until it is saved. */
export const contractDraftKey = (userId: number | undefined, projectId: number) =>
  keptInputKey(userId, 'contractDraft', projectId);

/** The server's date check on one field (contractDateIssues), from the form's current values. */
export function contractDateCode(
  fieldValue: (field: keyof ContractDates) => unknown,
  path: keyof ContractDates,
  today: string,
): string | null {
  const dates = {
    startDate: String(fieldValue('startDate') ?? ''),
    endDate: String(fieldValue('endDate') ?? ''),
  };
  return contractDateIssues(dates, today).find((i) => i.path === path)?.code ?? null;
}

/**
 * The server's check of the chosen permit against the start date (contractPermitIssue): null while either is
 * not known yet.
 */
export function contractPermitCode(
  permit: ContractPermitCandidate | null | undefined,
  startDate: unknown,
): string | null {
  if (!permit || typeof startDate !== 'string' || !isIsoDate(startDate)) return null;
  return contractPermitIssue(permit, startDate);
}
