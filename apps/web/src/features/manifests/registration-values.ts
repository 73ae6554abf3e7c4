import {
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  manifestDifferencesDetailSchema,
  manifestRegistrationSchema,
} from '@junkan/shared/api/manifests';
import type { WasteItem } from '@junkan/shared/api/waste';
import {
  type AgreementRef,
  type ManifestDifference,
  manifestContractDifferences,
  wasteKindIdOf,
} from '@junkan/shared/rules/manifest-agreement';
import { fieldNamePath, firstIssues, type NamePath } from '../../lib/form-issues';
import { currentPunctuation } from '../../lib/i18n';
import { randomUuid } from '../../lib/random-uuid';
import { formatManifestDate } from './manifest-filters';

/**
 * The registration form; the delivery date is kept as YYYY-MM-DD (the picker works on Dayjs). The waste is one
 * choice among the project's lines (`line:<id>`) and the wastes of the master (`waste:<id>`).
 */
export interface ManifestRegistrationFormValues {
  projectId?: number | null;
  waste?: string | null;
  deliveryDate?: string | null;
  quantity?: string;
  unitId?: number | null;
  dischargeSiteId?: number | null;
  transportCompanyId?: number | null;
  disposalSiteId?: number | null;
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
  'waste',
  'deliveryDate',
  'quantity',
  'unitId',
  'dischargeSiteId',
  'transportCompanyId',
  'disposalSiteId',
];

/** The form field that shows a request field's issue (the two waste fields are one choice). */
export function registrationFieldOf(path: string): RegistrationField | null {
  if (path === 'wasteLineId' || path === 'wasteId') return 'waste';
  return (FIELDS as readonly string[]).includes(path) ? (path as RegistrationField) : null;
}

export const lineChoice = (lineId: number) => `line:${lineId}`;
export const wasteChoice = (wasteId: number) => `waste:${wasteId}`;

/** The request's waste fields from the form's choice. */
export function wasteOfChoice(choice: string | null | undefined): { wasteLineId?: number; wasteId?: number } {
  const match = /^(line|waste):(\d+)$/.exec(choice ?? '');
  if (!match) return {};
  const id = Number(match[2]);
  return match[1] === 'line' ? { wasteLineId: id } : { wasteId: id };
}

/** A delivery date after `today` (the server's Japan date) is refused: a manifest is delivered with the waste. */
export const isDeliveryDateInFuture = (date: string, today: string) => date > today;

/** The POST body from the form: the shared schema's checks plus the delivery date against today. */
export function buildManifestRegistration(
  values: ManifestRegistrationFormValues,
  today: string,
): BuiltRegistration {
  const result = manifestRegistrationSchema.safeParse({
    projectId: values.projectId ?? undefined,
    ...wasteOfChoice(values.waste),
    deliveryDate: values.deliveryDate ?? '',
    quantity: values.quantity ?? '',
    unitId: values.unitId ?? undefined,
    dischargeSiteId: values.dischargeSiteId ?? undefined,
    transportCompanyId: values.transportCompanyId ?? undefined,
    // Sent as chosen: left empty means the manifest names no disposal site.
    disposalSiteId: values.disposalSiteId ?? null,
  });
  // The form's fields are flat: an issue on any other path has no field to show it.
  const issues = result.success
    ? []
    : firstIssues(result.error.issues, registrationFieldOf).filter(
        (issue): issue is RegistrationIssue => issue.name !== null,
      );
  // The schema checks the waste choice only once every field parsed: an empty one is said at once.
  if (!issues.some((i) => i.name === 'waste') && !values.waste)
    issues.push({ name: 'waste', code: 'MSG_00_21' });
  const date = values.deliveryDate ?? '';
  if (!issues.some((i) => i.name === 'deliveryDate') && date && isDeliveryDateInFuture(date, today))
    issues.push({ name: 'deliveryDate', code: 'delivery_date_in_future' });
  if (issues.length > 0 || !result.success) return { ok: false, issues };
  return { ok: true, input: result.data };
}

/**
 * The registration's key (`registrationKey`): made when the form opens, kept while the form is edited and sent again
 * (after a refusal, a lost answer, a second click), and new once the manifest is registered, when the form's next
 * send is another registration. The server registers one manifest per key: a resend answers the one registered.
 */
export function registrationKeeper(newKey: () => string = randomUuid) {
  let key = newKey();
  return {
    /** The body sent: the built input with the form's key. */
    body: (input: ManifestRegistrationInput): ManifestRegistrationInput => ({
      ...input,
      registrationKey: key,
    }),
    /** The form opened afresh, or registered its manifest: what it sends next is another registration. */
    renew: () => {
      key = newKey();
    },
  };
}

type OptionProject = ManifestRegistrationOptions['projects'][number];

/** What choosing a project fills in: its only waste line, its transporter, its contract route's disposal site. */
export function projectDefaults(
  project: OptionProject | undefined,
): Pick<ManifestRegistrationFormValues, 'waste' | 'transportCompanyId' | 'disposalSiteId'> {
  const only = onlyChoice(project?.wasteLines);
  return {
    waste: only === undefined ? null : lineChoice(only),
    transportCompanyId: project?.transportCompanyId ?? null,
    disposalSiteId: project?.contract?.disposalSite?.id ?? null,
  };
}

/**
 * The differences from the contract the server will find (the same shared rule, on what the options say), shown
 * before sending so that the discharger confirms them at once. `wastes` is the waste master (for a waste that is
 * not a project line); the server's answer wins when the two disagree: the month's other manifests are the
 * server's to add (a month above the contract's comes back as its 409).
 */
export function registrationDifferences(
  input: ManifestRegistrationInput,
  options: ManifestRegistrationOptions,
  wastes: readonly WasteItem[] | undefined,
): ManifestDifference[] {
  const project = options.projects.find((p) => p.id === input.projectId);
  if (!project) return [];
  const transporterId = input.transportCompanyId ?? project.transportCompanyId;
  const transporter: AgreementRef | undefined =
    options.transporters.find((c) => c.id === transporterId) ??
    (transporterId != null && project.transporterName
      ? { id: transporterId, name: project.transporterName }
      : undefined);
  if (!transporter) return [];
  let waste: { lineId: number | null; name: string; kind: AgreementRef | null } | undefined;
  if (input.wasteLineId !== undefined) {
    const line = project.wasteLines.find((l) => l.id === input.wasteLineId);
    if (line) waste = { lineId: line.id, name: line.wasteName, kind: line.kind };
  } else if (input.wasteId !== undefined) {
    const item = wastes?.find((w) => w.id === input.wasteId);
    const kind = item && wastes?.find((w) => w.id === wasteKindIdOf(item));
    if (item) waste = { lineId: null, name: item.name, kind: kind ? { id: kind.id, name: kind.name } : null };
  }
  const unit = options.units.find((u) => u.id === input.unitId);
  if (!waste || !unit) return [];
  const site = options.disposalSites.find((d) => d.id === input.disposalSiteId);
  return manifestContractDifferences(
    project.contract && {
      ...project.contract,
      wasteLines: project.wasteLines.map((l) => ({ ...l, name: l.wasteName })),
    },
    {
      deliveryDate: input.deliveryDate,
      transporter,
      disposalSite: site ? { id: site.id, name: site.name } : null,
      waste,
      quantity: { value: input.quantity, unit },
      sameLineThisMonth: [],
    },
  );
}

/**
 * The waste choices of a project: its lines (what the contract names), then the industrial wastes of the master
 * that are not a line's own waste, each with its major class when it has one above it.
 */
export function wasteChoices(
  project: OptionProject | undefined,
  wastes: readonly WasteItem[] | undefined,
): { contract: { value: string; label: string }[]; other: { value: string; label: string }[] } {
  if (!project) return { contract: [], other: [] };
  const lineWastes = new Set(project.wasteLines.map((l) => l.wasteId));
  const names = new Map((wastes ?? []).map((w) => [w.id, w.name]));
  const { open, close } = currentPunctuation();
  return {
    contract: project.wasteLines.map((l) => ({ value: lineChoice(l.id), label: l.wasteName })),
    other: (wastes ?? [])
      .filter((w) => w.category === 'INDUSTRIAL' && !lineWastes.has(w.id))
      .map((w) => {
        const kind = wasteKindIdOf(w);
        const kindName = kind === w.id ? undefined : names.get(kind);
        return { value: wasteChoice(w.id), label: kindName ? `${w.name}${open}${kindName}${close}` : w.name };
      }),
  };
}

/** Both sides of a difference as the screens show them (dates formatted, several kinds joined). */
export function differenceTexts(d: ManifestDifference): { contract: string; manifest: string } {
  const none = '—';
  if (d.kind === 'PERIOD') {
    const [from, to] = d.contractValues;
    return {
      contract:
        from && to
          ? `${formatManifestDate(from)}${currentPunctuation().range}${formatManifestDate(to)}`
          : none,
      manifest: d.manifestValue ? formatManifestDate(d.manifestValue) : none,
    };
  }
  return {
    contract: d.contractValues.length > 0 ? d.contractValues.join(' / ') : none,
    manifest: d.manifestValue ?? none,
  };
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
  wastes?: readonly WasteItem[],
): RegistrationSummaryLine[] {
  const project = options.projects.find((p) => p.id === input.projectId);
  const unit = options.units.find((u) => u.id === input.unitId)?.unit;
  const transporterId = input.transportCompanyId ?? project?.transportCompanyId;
  const wasteName =
    input.wasteLineId !== undefined
      ? project?.wasteLines.find((w) => w.id === input.wasteLineId)?.wasteName
      : wastes?.find((w) => w.id === input.wasteId)?.name;
  return [
    { key: 'project', labelKey: 'manifests.register.project', text: project?.title },
    {
      key: 'transporter',
      labelKey: 'manifests.column.transporter',
      text: options.transporters.find((c) => c.id === transporterId)?.name ?? project?.transporterName ?? '—',
    },
    { key: 'waste', labelKey: 'manifests.register.wasteLine', text: wasteName },
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
    {
      key: 'disposalSite',
      labelKey: 'manifests.column.disposalSite',
      text: options.disposalSites.find((d) => d.id === input.disposalSiteId)?.name ?? '—',
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
      return { titleKey: code, hintKey: 'manifests.register.retry.later' };
    // The network may have issued a number before the answer was lost: the form's key makes a resend answer it.
    case 'network_error':
    case 'timeout_error':
      return { titleKey: code, hintKey: 'manifests.register.retry.sendAgain' };
    // The shared text sends the user back to the login page, which would throw the form (and its key) away.
    case 'server_error':
      return {
        titleKey: 'manifests.register.failure.serverError',
        hintKey: 'manifests.register.retry.sendAgain',
      };
    case 'edi_not_ready':
      return { titleKey: code, hintKey: 'manifests.register.noSubscriberHint' };
    default:
      return { titleKey: code, hintKey: null };
  }
}

/** A refused registration as the form shows it: differences to confirm, issues beside their fields, or a failure. */
export type RegistrationRefusal =
  | { kind: 'differences'; differences: ManifestDifference[] }
  | { kind: 'fields'; issues: { name: NamePath; code: string }[] }
  | { kind: 'failure'; code: string; params?: Record<string, string | number> };

/** What a refusal of the registration call says; `null` for a failure that is no answer of the server. */
export function registrationRefusalOf(
  error: {
    code: string;
    fields?: Record<string, string>;
    params?: Record<string, string | number>;
    details?: Record<string, unknown>;
  } | null,
): RegistrationRefusal {
  if (!error) return { kind: 'failure', code: 'unknown_error' };
  // The contract or the masters changed since the form was filled: confirm what the server found.
  const found = manifestDifferencesDetailSchema.safeParse(error.details);
  if (error.code === 'manifest_contract_differences' && found.success)
    return { kind: 'differences', differences: found.data.differences };
  const fields = Object.entries(error.fields ?? {});
  if (fields.length > 0)
    return {
      kind: 'fields',
      issues: fields.map(([name, code]) => ({
        name: fieldNamePath(registrationFieldOf(name) ?? name),
        code,
      })),
    };
  return { kind: 'failure', code: error.code, params: error.params };
}
