import type { ManifestDetail, ReportDeadlineItem } from '@junkan/shared/api/manifests';
import { MANIFEST_PHASES, type ManifestPhaseName, type ManifestStatus } from '@junkan/shared/enums';
import type { DeadlineState } from '@junkan/shared/transport-deadline';

/** Label key (enums namespace) of a network status; null before the network's first answer. */
export function manifestStatusLabelKey(status: ManifestStatus | null): string {
  return status ? `manifestStatus.${status}` : 'manifests.status.unknown';
}

export const MANIFEST_STATUS_COLORS: Record<ManifestStatus, string> = {
  RESERVED: 'default',
  REGISTERED: 'blue',
  TEMP_TRANSPORT: 'gold',
  TRANSPORT_END: 'cyan',
  DISPOSAL_END: 'geekblue',
  FINAL_DISPOSAL_END: 'green',
};

export const manifestStatusColor = (status: ManifestStatus | null): string =>
  status ? MANIFEST_STATUS_COLORS[status] : 'default';

/** Network function codes with a label: registration, transport end, correction, cancellation, answer. */
export const KNOWN_FUNCTION_CODES = ['1000', '0403', '0501', '0601', '0701'] as const;

/** What the network is still working on, as label keys (unknown codes are shown as they are). */
export function runningFunctionLabels(codes: readonly string[]): { code: string; labelKey: string | null }[] {
  return codes.map((code) => ({
    code,
    labelKey: (KNOWN_FUNCTION_CODES as readonly string[]).includes(code)
      ? `manifests.function.${code}`
      : null,
  }));
}

export interface DeadlineTagLook {
  color: 'warning' | 'error';
  labelKey: string;
}

/** Only deadlines that need attention get a tag: due soon (warning) or overdue (error). */
export function deadlineTagLook(state: DeadlineState | null): DeadlineTagLook | null {
  if (state === 'DUE_SOON') return { color: 'warning', labelKey: 'manifests.deadline.DUE_SOON' };
  if (state === 'OVERDUE') return { color: 'error', labelKey: 'manifests.deadline.OVERDUE' };
  return null;
}

export function countDeadlineStates(items: readonly Pick<ReportDeadlineItem, 'deadlineState'>[]) {
  let dueSoon = 0;
  let overdue = 0;
  for (const item of items) {
    if (item.deadlineState === 'DUE_SOON') dueSoon++;
    else if (item.deadlineState === 'OVERDUE') overdue++;
  }
  return { dueSoon, overdue };
}

export type PhaseStepStatus = 'finish' | 'process' | 'wait';

export interface PhaseStep {
  phase: ManifestPhaseName;
  titleKey: string;
  date: string | null;
  done: boolean;
  status: PhaseStepStatus;
}

/**
 * The four phases in order as the network reports them: done ones finished, the first open one in progress
 * once the network knows the manifest (before that every phase waits).
 */
export function manifestPhaseSteps(
  phases: ManifestDetail['phases'],
  status: ManifestStatus | null,
): { steps: PhaseStep[]; current: number } {
  let current = -1;
  const steps = MANIFEST_PHASES.map((phase, index): PhaseStep => {
    const { done, date } = phases[phase];
    let stepStatus: PhaseStepStatus = done ? 'finish' : 'wait';
    if (!done && current === -1 && status !== null) {
      current = index;
      stepStatus = 'process';
    }
    return {
      phase,
      titleKey: `manifests.phase.${phase}`,
      date: done ? date : null,
      done,
      status: stepStatus,
    };
  });
  if (current === -1) current = steps.every((s) => s.done) ? steps.length - 1 : 0;
  return { steps, current };
}
