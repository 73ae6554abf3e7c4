import type { CollectionDeadlineItem, ReportDeadlineList } from '@junkan/shared/api/manifests';
import { paths } from '@junkan/shared/paths';
import type { DeadlineState } from '@junkan/shared/transport-deadline';
import { formatManifestDate } from './manifest-filters';
import { countDeadlineStates } from './manifest-labels';

/** A collected industrial collection waiting for its transport report, as the deadline panel lists it. */
export interface CollectionDeadlineRow {
  collectionId: number;
  /** The collection's detail page (a path of the registry, not an import of the collections feature). */
  detailPath: string;
  /** YYYY/MM/DD. */
  collectionDate: string;
  projectId: number;
  projectTitle: string;
  dischargeSiteName: string;
  /** The other party: the discharger for a transporter, the transporter for a discharger. */
  companyName: string;
  /** The request's wastes, joined; empty when the request names none. */
  wasteNames: string;
  /** YYYY-MM-DD as the server counts it (the deadline cell formats it with its tag). */
  deadline: string;
  deadlineState: DeadlineState;
  /** What the industrial report needs to be counted for this collection: its project and collection date. */
  report: { projectId: number; collectTime: string };
}

export function collectionDeadlineRow(item: CollectionDeadlineItem): CollectionDeadlineRow {
  return {
    collectionId: item.collectionId,
    detailPath: paths.collectionScheduleDetail.to(item.collectionId),
    collectionDate: formatManifestDate(item.collectionDate),
    projectId: item.projectId,
    projectTitle: item.projectTitle,
    dischargeSiteName: item.dischargeSiteName,
    companyName: item.companyName,
    wasteNames: item.wasteNames.join('、'),
    deadline: item.deadline,
    deadlineState: item.deadlineState,
    report: { projectId: item.projectId, collectTime: item.collectionDate },
  };
}

/**
 * The panel's two lists: manifests without their transport-end report and collected collections without
 * their transport report, each with its due-soon and overdue counts. Empty when the answer is missing.
 */
export function reportDeadlineSections(list: ReportDeadlineList | undefined) {
  const manifests = list?.items ?? [];
  const collections = (list?.collections ?? []).map(collectionDeadlineRow);
  return {
    manifests,
    manifestCounts: countDeadlineStates(manifests),
    collections,
    collectionCounts: countDeadlineStates(collections),
    isEmpty: manifests.length === 0 && collections.length === 0,
  };
}
