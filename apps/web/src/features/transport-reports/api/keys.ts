import { ACHIEVEMENTS_KEY, MANIFESTS_KEY } from '../../../lib/report-data/keys';

/**
 * The report forms' reads (the industrial report's options, the regular report's form) sit under this key.
 * One report's dialog data is kept apart (transportReportQueryKey): refreshing after an action must not
 * refetch a report the action deleted.
 */
export const TRANSPORT_REPORTS_KEY = ['transport-reports'] as const;

/**
 * What a report changes besides itself: the achievements list and details, the manifests' state and report
 * deadlines, and the forms' reportable manifests and weights.
 */
export const REPORT_CHANGES_KEYS = [ACHIEVEMENTS_KEY, MANIFESTS_KEY, TRANSPORT_REPORTS_KEY] as const;
