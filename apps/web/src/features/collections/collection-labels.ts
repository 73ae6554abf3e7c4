import {
  collectionActionSchema,
  collectionDateChangeSchema,
  collectionReasonSchema,
} from '@junkan/shared/api/collections';
import {
  type CollectionAction,
  type CollectionStatus,
  desiredDateIssue,
  type NotCollectableReason,
} from '@junkan/shared/collection-rules';
import { BAG_SIZES } from '@junkan/shared/enums';
import type { MessageCode } from '@junkan/shared/messages';
import { formatVolume } from '../../components/form/volume';
import { type FormIssue, firstIssues } from '../../lib/form-issues';
import { PUNCTUATION, type Punctuation } from '../../lib/format';

/** How a status looks everywhere (tag, calendar item, legend): an antd tag colour, solid, struck or muted. */
export interface StatusLook {
  color: string;
  /** A filled dark tag rather than antd's light tint. */
  solid: boolean;
  strike: boolean;
  muted: boolean;
}

const look = (color: string, extra: Partial<StatusLook> = {}): StatusLook => ({
  color,
  solid: false,
  strike: false,
  muted: false,
  ...extra,
});

export const STATUS_LOOK: Record<CollectionStatus, StatusLook> = {
  DESIRED_DATE: look('blue'),
  ADJUSTING: look('orange'),
  CONFIRMED: look('green'),
  // Done: dark, so the days still to come stand out (and it cannot be taken for the greys of cancelled/skipped).
  COLLECTED: look('#595959', { solid: true }),
  NOT_COLLECTED: look('red'),
  CANCELLED: look('default', { strike: true }),
  RETURNED: look('magenta'),
  SKIPPED: look('default', { muted: true }),
};

export const statusLabelKey = (status: CollectionStatus) => `collections.status.${status}`;
export const reasonLabelKey = (reason: NotCollectableReason) => `collections.reason.${reason}`;

/** Bag counts as shown, in bag-size order: 45L×3、70L×2. */
export function formatBags(
  bags: Record<string, number | null | undefined>,
  separator = PUNCTUATION.ja.list,
): string {
  return BAG_SIZES.map(String)
    .filter((size) => (bags[size] ?? 0) > 0)
    .map((size) => `${size}L×${bags[size]}`)
    .join(separator);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Japan date (YYYY-MM-DD) with its weekday, read from the text (no time zone, no dayjs locale): 2026/12/03（木）. */
export function formatDayWithWeekday(
  date: string,
  weekdayLabel: (weekday: number) => string,
  p: Punctuation = PUNCTUATION.ja,
): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${y}/${pad(m)}/${pad(d)}${p.open}${weekdayLabel(weekday)}${p.close}`;
}

/** A collected line's quantity: its bags, and its volume with the line's unit. */
export function lineQuantity(
  line: {
    bags: Record<string, number>;
    volume: number | null;
    unit: string | null;
  },
  p: Punctuation = PUNCTUATION.ja,
): string {
  const parts: string[] = [];
  const bags = formatBags(line.bags, p.list);
  if (bags) parts.push(bags);
  if (line.volume !== null && line.volume > 0)
    parts.push(`${formatVolume(String(line.volume))}${line.unit ? ` ${line.unit}` : ''}`);
  return parts.join(' / ');
}

/** The action's dialog: whether it asks for a date, how it takes a reason, and whether it is destructive. */
export interface ActionForm {
  date: boolean;
  reason: 'optional' | 'required';
  danger: boolean;
  /** The side whose call it is. */
  side: 'WASTE' | 'TRANSPORT';
  /** The call's last path segment. */
  segment: string;
}

export const ACTION_FORM: Record<CollectionAction, ActionForm> = {
  CONFIRM: { date: false, reason: 'optional', danger: false, side: 'TRANSPORT', segment: 'confirm' },
  PROPOSE_DATE: { date: true, reason: 'optional', danger: false, side: 'TRANSPORT', segment: 'propose' },
  RETURN: { date: false, reason: 'required', danger: true, side: 'TRANSPORT', segment: 'return' },
  MARK_COLLECTED: {
    date: false,
    reason: 'optional',
    danger: false,
    side: 'TRANSPORT',
    segment: 'collected',
  },
  MARK_NOT_COLLECTED: {
    date: false,
    reason: 'required',
    danger: true,
    side: 'TRANSPORT',
    segment: 'not-collected',
  },
  ACCEPT_PROPOSAL: {
    date: false,
    reason: 'optional',
    danger: false,
    side: 'WASTE',
    segment: 'accept-proposal',
  },
  ASK_AGAIN: { date: true, reason: 'optional', danger: false, side: 'WASTE', segment: 'ask-again' },
  CANCEL: { date: false, reason: 'optional', danger: true, side: 'WASTE', segment: 'cancel' },
};

/** The order the buttons show in: the forward step first, the destructive ones last. */
export const ACTION_ORDER: readonly CollectionAction[] = [
  'CONFIRM',
  'ACCEPT_PROPOSAL',
  'MARK_COLLECTED',
  'PROPOSE_DATE',
  'ASK_AGAIN',
  'MARK_NOT_COLLECTED',
  'RETURN',
  'CANCEL',
];

/** The buttons to show: only what the server says the caller may do, in the button order. */
export const orderedActions = (actions: readonly CollectionAction[]) =>
  ACTION_ORDER.filter((a) => actions.includes(a));

/** The call's path for an action: the transporter's under /trans. */
export function actionPath(action: CollectionAction, id: number): string {
  const form = ACTION_FORM[action];
  return `${form.side === 'TRANSPORT' ? '/trans' : ''}/collections/${id}/${form.segment}`;
}

export interface ActionValues {
  date?: string | null;
  reason?: string;
}

export type ActionBody = { reason?: string } | { date: string; reason?: string };

/** The action's body, checked with the shared schema of its kind (a blank optional reason is left out). */
export function buildActionBody(
  action: CollectionAction,
  values: ActionValues,
): { ok: true; input: ActionBody } | { ok: false; issues: FormIssue<'date' | 'reason'>[] } {
  const form = ACTION_FORM[action];
  const reason = (values.reason ?? '').trim();
  const raw = {
    ...(form.date ? { date: values.date ?? '' } : {}),
    ...(reason || form.reason === 'required' ? { reason } : {}),
  };
  const schema = form.date
    ? collectionDateChangeSchema
    : form.reason === 'required'
      ? collectionReasonSchema
      : collectionActionSchema;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data as ActionBody };
  const issues = firstIssues(parsed.error.issues, (path) =>
    path === 'date' || path === 'reason' ? path : null,
  );
  return { ok: false, issues };
}

/** Every day lies in it: the dialog leaves the contract's period to the server. */
const ANY_PERIOD = { startDate: '0000-01-01', endDate: '9999-12-31' };

/**
 * A new date's issue the dialog can tell before sending (the picker offers no earlier day): the desired date's
 * rule (`desiredDateIssue`) on the past; the contract's period and the transporter's calendar are the server's to
 * check. Null for an empty field (its own rule) or a good day.
 */
export function newDateIssue(date: string | null | undefined, today: string): MessageCode | null {
  if (!date) return null;
  const issue = desiredDateIssue(date, 0, {
    today,
    period: ANY_PERIOD,
    lookup: () => ({ isBusinessDay: true }),
  });
  return issue?.code ?? null;
}

/** Whether the cancel dialog must warn that the project goes with it (a spot contract's collection). */
export const cancelsProject = (action: CollectionAction, contractType: string) =>
  action === 'CANCEL' && contractType === 'SPOT';
