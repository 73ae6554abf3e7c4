import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, type ProjectStatus } from './enums';
import {
  canTransitionProject,
  isQuoteAnswerable,
  nextProjectStatuses,
  PROJECT_TAB_STATUSES,
  type ProjectActor,
  projectListTab,
} from './project-status';

const ACTORS: ProjectActor[] = ['WASTE', 'TRANSPORT', 'SYSTEM'];

/** The expected table, written out: from -> to -> actors. Every other combination must be refused. */
const ALLOWED: [ProjectStatus, ProjectStatus, ProjectActor[]][] = [
  ['CREATING_QUOTE', 'REQUEST_QUOTE', ['WASTE']],
  ['CREATING_QUOTE', 'CANCEL', ['WASTE']],
  ['REQUEST_QUOTE', 'CREATING_QUOTE', ['WASTE']],
  ['REQUEST_QUOTE', 'COMPLETE_QUOTE', ['TRANSPORT']],
  ['REQUEST_QUOTE', 'CANCEL', ['WASTE']],
  ['COMPLETE_QUOTE', 'CREATING_CONTRACT', ['WASTE']],
  ['COMPLETE_QUOTE', 'REQUEST_QUOTE', ['WASTE']],
  ['COMPLETE_QUOTE', 'CANCEL', ['WASTE']],
  ['CREATING_CONTRACT', 'REQUEST_CONTRACT', ['TRANSPORT']],
  ['CREATING_CONTRACT', 'CANCEL', ['WASTE', 'TRANSPORT']],
  ['REQUEST_CONTRACT', 'CREATING_CONTRACT', ['WASTE']],
  ['REQUEST_CONTRACT', 'COMPLETE_CONTRACT', ['WASTE']],
  ['REQUEST_CONTRACT', 'IN_PROGRESS', ['WASTE']],
  ['REQUEST_CONTRACT', 'CANCEL', ['WASTE', 'TRANSPORT']],
  ['COMPLETE_CONTRACT', 'IN_PROGRESS', ['SYSTEM']],
  ['COMPLETE_CONTRACT', 'CANCEL', ['WASTE', 'TRANSPORT']],
  ['IN_PROGRESS', 'COMPLETE', ['SYSTEM', 'TRANSPORT']],
  ['IN_PROGRESS', 'CANCEL', ['SYSTEM']],
];

describe('project status transitions (exhaustive)', () => {
  const cases = PROJECT_STATUSES.flatMap((from) =>
    PROJECT_STATUSES.flatMap((to) =>
      ACTORS.map((actor) => {
        const allowed = ALLOWED.some(([f, t, actors]) => f === from && t === to && actors.includes(actor));
        return [from, to, actor, allowed] as const;
      }),
    ),
  );
  it.each(cases)('%s -> %s by %s: %s', (from, to, actor, allowed) => {
    expect(canTransitionProject(from, to, actor)).toBe(allowed);
  });

  it('lets nothing leave COMPLETE or CANCEL, and never stays in place', () => {
    for (const actor of ACTORS) {
      expect(nextProjectStatuses('COMPLETE', actor)).toEqual([]);
      expect(nextProjectStatuses('CANCEL', actor)).toEqual([]);
      for (const s of PROJECT_STATUSES) expect(canTransitionProject(s, s, actor)).toBe(false);
    }
  });

  it('lists the next statuses in workflow order', () => {
    expect(nextProjectStatuses('REQUEST_CONTRACT', 'WASTE')).toEqual([
      'CREATING_CONTRACT',
      'COMPLETE_CONTRACT',
      'IN_PROGRESS',
      'CANCEL',
    ]);
  });
});

describe('project list tabs', () => {
  it('puts every status in exactly one tab', () => {
    for (const s of PROJECT_STATUSES) {
      const tabs = Object.entries(PROJECT_TAB_STATUSES).filter(([, list]) => list.includes(s));
      expect(tabs.map(([tab]) => tab)).toEqual([projectListTab(s)]);
    }
  });
});

describe('isQuoteAnswerable', () => {
  it('holds only while the quote awaits the discharger', () => {
    expect(PROJECT_STATUSES.filter(isQuoteAnswerable)).toEqual(['COMPLETE_QUOTE']);
  });
});
