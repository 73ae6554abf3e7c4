import {
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  manifestRegistrationSchema,
} from '@junkan/shared';
import { firstIssues } from '../../lib/form-issues';
import { formatManifestDate } from './manifest-filters';

/** The registration form; the delivery date is kept as YYYY-MM-DD (the picker works on Dayjs). */
export interface ManifestRegistrationFormValues {
  projectId?: number | null;
  wasteLineId?: number | null;
  deliveryDate?: string | null;
  quantity?: string;
  unitId?: number | null;
  dischargeSiteId?: number | null;
}

export type RegistrationField = keyof ManifestRegistrationFormValues;

export interface RegistrationIssue {
  name: RegistrationField;
  code: string;
}

export type BuiltRegistration =
  | { ok: true; input: ManifestRegistrationInput }
  | { ok: false; issues: RegistrationIssue[] };

const FIELDS: readonly RegistrationField[] = [
  'projectId',
  'wasteLineId',
  'deliveryDate',
  'quantity',
  'unitId',
  'dischargeSiteId',
];

const isField = (value: unknown): value is RegistrationField =>
  typeof value === 'string' && (FIELDS as readonly string[]).includes(value);

/** A delivery date after `today` (the server's Japan date) is refused: a manifest is delivered with the waste. */
export const isDeliveryDateInFuture = (date: string, today: string) => date > today;

/** The POST body from the form: the shared schema's checks plus the delivery date against today. */
export function buildManifestRegistration(
  values: ManifestRegistrationFormValues,
  today: string,
): BuiltRegistration {
  const result = manifestRegistrationSchema.safeParse({
    projectId: values.projectId ?? undefined,
    wasteLineId: values.wasteLineId ?? undefined,
    deliveryDate: values.deliveryDate ?? '',
    quantity: values.quantity ?? '',
    unitId: values.unitId ?? undefined,
    dischargeSiteId: values.dischargeSiteId ?? undefined,
  });
  // The form's fields are flat: an issue on any other path has no field to show it.
  const issues = result.success
    ? []
    : firstIssues(result.error.issues, (path) => (isField(path) ? path : null)).filter(
        (issue): issue is RegistrationIssue => issue.name !== null,
      );
  const date = values.deliveryDate ?? '';
  if (!issues.some((i) => i.name === 'deliveryDate') && date && isDeliveryDateInFuture(date, today))
    issues.push({ name: 'deliveryDate', code: 'delivery_date_in_future' });
  if (issues.length > 0 || !result.success) return { ok: false, issues };
  return { ok: true, input: result.data };
}

/** A line of the confirmation before sending: its label's text key and what was chosen. */
export interface RegistrationSummaryLine {
  key: string;
  labelKey: string;
  text: string | undefined;
}

/** What the confirmation lists: the choices by their names, the date as shown, the quantity as typed. */
export function registrationSummary(
  input: ManifestRegistrationInput,
  typedQuantity: string | undefined,
  options: ManifestRegistrationOptions,
): RegistrationSummaryLine[] {
  const project = options.projects.find((p) => p.id === input.projectId);
  const unit = options.units.find((u) => u.id === input.unitId)?.unit;
  return [
    { key: 'project', labelKey: 'manifests.register.project', text: project?.title },
    { key: 'transporter', labelKey: 'manifests.column.transporter', text: project?.transporterName ?? '—' },
    {
      key: 'waste',
      labelKey: 'manifests.register.wasteLine',
      text: project?.wasteLines.find((w) => w.id === input.wasteLineId)?.wasteName,
    },
    {
      key: 'deliveryDate',
      labelKey: 'manifests.column.deliveryDate',
      text: formatManifestDate(input.deliveryDate),
    },
    {
      key: 'quantity',
      labelKey: 'manifests.register.quantity',
      text: `${typedQuantity ?? ''} ${unit ?? ''}`,
    },
    {
      key: 'site',
      labelKey: 'manifests.column.dischargeFacility',
      text: options.dischargeSites.find((s) => s.id === input.dischargeSiteId)?.name,
    },
  ];
}

/** A choice made for the user when there is only one. */
export const onlyChoice = <T extends { id: number }>(items: readonly T[] | undefined): number | undefined =>
  items?.length === 1 ? items[0]?.id : undefined;

/** The waste lines of the chosen project. */
export function wasteLinesOf(
  options: ManifestRegistrationOptions | undefined,
  projectId: number | null | undefined,
): ManifestRegistrationOptions['projects'][number]['wasteLines'] {
  return options?.projects.find((p) => p.id === projectId)?.wasteLines ?? [];
}

/**
 * Texts for a refused registration that is not about one field: a title (a message code, or a text of this
 * feature where the shared text speaks of other operations) and what to do next. The input stays in the form.
 */
export function registrationFailureTexts(code: string): { titleKey: string; hintKey: string | null } {
  switch (code) {
    case 'jwnet_outside_hours':
      return {
        titleKey: 'manifests.register.failure.outsideHours',
        hintKey: 'manifests.register.retry.outsideHours',
      };
    case 'jwnet_service_stopped':
      return { titleKey: code, hintKey: 'manifests.register.retry.serviceStopped' };
    case 'jwnet_unavailable':
    case 'network_error':
      return { titleKey: code, hintKey: 'manifests.register.retry.later' };
    // The network may have issued a number before the answer was lost: look before sending again.
    case 'timeout_error':
    case 'server_error':
      return { titleKey: code, hintKey: 'manifests.register.retry.checkList' };
    case 'edi_not_ready':
      return { titleKey: code, hintKey: 'manifests.register.noSubscriberHint' };
    default:
      return { titleKey: code, hintKey: null };
  }
}
