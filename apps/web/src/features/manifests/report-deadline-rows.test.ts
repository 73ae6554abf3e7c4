import type {
  CollectionDeadlineItem,
  ReportDeadlineItem,
  ReportDeadlineList,
} from '@junkan/shared/api/manifests';
import { paths } from '@junkan/shared/paths';
import { describe, expect, it } from 'vitest';
import { collectionDeadlineRow, reportDeadlineSections } from './report-deadline-rows';

const collection = (over: Partial<CollectionDeadlineItem> = {}): CollectionDeadlineItem => ({
  collectionId: 41,
  projectId: 7,
  projectTitle: '工場廃油の回収',
  dischargeSiteName: '第二工場',
  wasteNames: ['廃油', '汚泥'],
  companyName: '港南製作所',
  collectionDate: '2026-11-16',
  deadline: '2026-11-19',
  deadlineState: 'DUE_SOON',
  ...over,
});

const manifest = (over: Partial<ReportDeadlineItem> = {}): ReportDeadlineItem => ({
  manifestNumber: '12345678901',
  projectId: 7,
  projectTitle: '工場廃油の回収',
  wasteName: '廃油',
  companyName: '港南製作所',
  deliveryDate: '2026-11-10',
  deadline: '2026-11-13',
  deadlineState: 'OVERDUE',
  ...over,
});

const list = (over: Partial<ReportDeadlineList> = {}): ReportDeadlineList => ({
  today: '2026-11-18',
  items: [],
  collections: [],
  ...over,
});

describe('collectionDeadlineRow', () => {
  it('links the collection detail, shows the dates as the manifest rows do and keeps what the report needs', () => {
    expect(collectionDeadlineRow(collection())).toEqual({
      collectionId: 41,
      detailPath: '/collection-schedules/detail/41',
      collectionDate: '2026/11/16',
      projectId: 7,
      projectTitle: '工場廃油の回収',
      dischargeSiteName: '第二工場',
      companyName: '港南製作所',
      wasteNames: '廃油、汚泥',
      deadline: '2026-11-19',
      deadlineState: 'DUE_SOON',
      report: { projectId: 7, collectTime: '2026-11-16' },
    });
  });

  it('builds the link from the path registry', () => {
    expect(collectionDeadlineRow(collection({ collectionId: 5 })).detailPath).toBe(
      paths.collectionScheduleDetail.to(5),
    );
  });

  it('leaves the wastes empty when the request names none', () => {
    expect(collectionDeadlineRow(collection({ wasteNames: [] })).wasteNames).toBe('');
  });
});

describe('reportDeadlineSections', () => {
  it('is empty before an answer and when both lists are empty', () => {
    expect(reportDeadlineSections(undefined)).toMatchObject({
      manifests: [],
      collections: [],
      isEmpty: true,
    });
    expect(reportDeadlineSections(list()).isEmpty).toBe(true);
  });

  it('is not empty with collections only, or manifests only', () => {
    expect(reportDeadlineSections(list({ collections: [collection()] })).isEmpty).toBe(false);
    expect(reportDeadlineSections(list({ items: [manifest()] })).isEmpty).toBe(false);
  });

  it('counts due-soon and overdue per list', () => {
    const sections = reportDeadlineSections(
      list({
        items: [manifest(), manifest({ manifestNumber: '12345678902', deadlineState: 'DUE_SOON' })],
        collections: [
          collection(),
          collection({ collectionId: 42, deadlineState: 'OVERDUE' }),
          collection({ collectionId: 43, deadlineState: 'OVERDUE' }),
          collection({ collectionId: 44, deadlineState: 'OK' }),
        ],
      }),
    );
    expect(sections.manifestCounts).toEqual({ dueSoon: 1, overdue: 1 });
    expect(sections.collectionCounts).toEqual({ dueSoon: 1, overdue: 2 });
    // In the server's order (soonest deadline first).
    expect(sections.collections.map((r) => r.collectionId)).toEqual([41, 42, 43, 44]);
  });

  it('reads an answer without collections (an older server) as none', () => {
    const older = { today: '2026-11-18', items: [manifest()] } as unknown as ReportDeadlineList;
    expect(reportDeadlineSections(older).collections).toEqual([]);
  });
});
