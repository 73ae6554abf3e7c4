import type { ProjectStatus } from './enums';
import { PROJECT_STATUSES } from './enums';

/** Who moves a project: the discharger, the transporter, or the system (dates, contract end). */
export type ProjectActor = 'WASTE' | 'TRANSPORT' | 'SYSTEM';

/**
 * Every allowed move of a project's status and who may make it. Anything not listed is refused.
 * - The discharger drafts a quote request (CREATING_QUOTE) and sends it (REQUEST_QUOTE).
 * - The transporter answers with a quote (COMPLETE_QUOTE).
 * - The discharger accepts it (CREATING_CONTRACT, shown to the discharger as quote approval) or asks again.
 * - The transporter sends the contract for confirmation (REQUEST_CONTRACT); the discharger returns it with a
 *   reason (back to CREATING_CONTRACT) or approves it: COMPLETE_CONTRACT until the start date, IN_PROGRESS from it.
 * - The contract period ends (COMPLETE); a request or contract may be cancelled before work is done (CANCEL).
 */
export const PROJECT_TRANSITIONS: Readonly<
  Record<ProjectStatus, Partial<Record<ProjectStatus, readonly ProjectActor[]>>>
> = {
  CREATING_QUOTE: { REQUEST_QUOTE: ['WASTE'], CANCEL: ['WASTE'] },
  REQUEST_QUOTE: { CREATING_QUOTE: ['WASTE'], COMPLETE_QUOTE: ['TRANSPORT'], CANCEL: ['WASTE'] },
  COMPLETE_QUOTE: { CREATING_CONTRACT: ['WASTE'], REQUEST_QUOTE: ['WASTE'], CANCEL: ['WASTE'] },
  CREATING_CONTRACT: { REQUEST_CONTRACT: ['TRANSPORT'], CANCEL: ['WASTE', 'TRANSPORT'] },
  REQUEST_CONTRACT: {
    CREATING_CONTRACT: ['WASTE'],
    COMPLETE_CONTRACT: ['WASTE'],
    IN_PROGRESS: ['WASTE'],
    CANCEL: ['WASTE', 'TRANSPORT'],
  },
  COMPLETE_CONTRACT: { IN_PROGRESS: ['SYSTEM'], CANCEL: ['WASTE', 'TRANSPORT'] },
  IN_PROGRESS: { COMPLETE: ['SYSTEM', 'TRANSPORT'], CANCEL: ['SYSTEM'] },
  COMPLETE: {},
  CANCEL: {},
};

export function canTransitionProject(from: ProjectStatus, to: ProjectStatus, actor: ProjectActor): boolean {
  return PROJECT_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses an actor may move a project to from `from`. */
export function nextProjectStatuses(from: ProjectStatus, actor: ProjectActor): ProjectStatus[] {
  return PROJECT_STATUSES.filter((to) => canTransitionProject(from, to, actor));
}

/** Project list tabs: before a contract is in force, in progress, and past (done or cancelled). */
export type ProjectListTab = 'PRE_CONTRACT' | 'IN_PROGRESS' | 'PAST';

export function projectListTab(status: ProjectStatus): ProjectListTab {
  if (status === 'IN_PROGRESS') return 'IN_PROGRESS';
  if (status === 'COMPLETE' || status === 'CANCEL') return 'PAST';
  return 'PRE_CONTRACT';
}

export const PROJECT_TAB_STATUSES: Readonly<Record<ProjectListTab, readonly ProjectStatus[]>> = {
  PRE_CONTRACT: PROJECT_STATUSES.filter((s) => projectListTab(s) === 'PRE_CONTRACT'),
  IN_PROGRESS: ['IN_PROGRESS'],
  PAST: ['COMPLETE', 'CANCEL'],
};

/** Whether the discharger may still edit the request's content (drafts only). */
export function isQuoteRequestEditable(status: ProjectStatus): boolean {
  return status === 'CREATING_QUOTE';
}

/**
 * Whether the discharger may accept the quote or ask again: only while the quote awaits its answer. (Moving
 * REQUEST_CONTRACT back to CREATING_CONTRACT is the contract's return, not a quote answer.)
 */
export function isQuoteAnswerable(status: ProjectStatus): boolean {
  return status === 'COMPLETE_QUOTE';
}

/** Where a status label is shown: home words one status its own way for dischargers (spec, Home). */
export interface StatusLabelContext {
  isDischarger: boolean;
  onHome?: boolean;
}

/**
 * The locale key of a project status's label. Only the discharger's home calls CREATING_CONTRACT quote approval
 * (the discharger's last step was approving the quote); everywhere else it is the contract being prepared.
 */
export function projectStatusLabelKey(status: ProjectStatus, context: StatusLabelContext): string {
  if (context.isDischarger && context.onHome && status === 'CREATING_CONTRACT')
    return 'projectStatus.QUOTE_APPROVAL';
  return `projectStatus.${status}`;
}

/**
 * The locale keys of one move in a project's history (from is null for the project's creation). A contract the
 * discharger returned goes back to CREATING_CONTRACT: that move reads as the return, not as a new contract.
 */
export function projectHistoryLabelKeys(
  from: ProjectStatus | null,
  to: ProjectStatus,
): { from: string | null; to: string } {
  const isReturn = from === 'REQUEST_CONTRACT' && to === 'CREATING_CONTRACT';
  return {
    from: from && projectStatusLabelKey(from, { isDischarger: false }),
    to: isReturn ? 'projectStatus.CONTRACT_RETURNED' : projectStatusLabelKey(to, { isDischarger: false }),
  };
}
