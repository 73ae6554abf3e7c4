import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, type ProjectStatus } from './enums';
import {
  canTransitionProject,
  isQuoteAnswerable,
  nextProjectStatuses,
  PROJECT_TAB_STATUSES,
  type ProjectActor,
  projectHistoryLabelKeys,
  projectListTab,
  projectStatusLabelKey,
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

describe('projectStatusLabelKey', () => {
  it.each<[ProjectStatus, boolean, boolean, string]>([
    // Only the discharger's home calls a contract in preparation quote approval.
    ['CREATING_CONTRACT', true, true, 'projectStatus.QUOTE_APPROVAL'],
    ['CREATING_CONTRACT', true, false, 'projectStatus.CREATING_CONTRACT'],
    ['CREATING_CONTRACT', false, true, 'projectStatus.CREATING_CONTRACT'],
    ['CREATING_CONTRACT', false, false, 'projectStatus.CREATING_CONTRACT'],
    ['REQUEST_CONTRACT', true, true, 'projectStatus.REQUEST_CONTRACT'],
    ['COMPLETE_QUOTE', true, false, 'projectStatus.COMPLETE_QUOTE'],
  ])('%s (discharger %s, on home %s) -> %s', (status, isDischarger, onHome, expected) => {
    expect(projectStatusLabelKey(status, { isDischarger, onHome })).toBe(expected);
  });

  it('labels every status by its own key off home', () => {
    for (const status of PROJECT_STATUSES)
      for (const isDischarger of [true, false])
        expect(projectStatusLabelKey(status, { isDischarger })).toBe(`projectStatus.${status}`);
  });
});

describe('projectHistoryLabelKeys', () => {
  it.each<[ProjectStatus | null, ProjectStatus, string | null, string]>([
    [null, 'CREATING_QUOTE', null, 'projectStatus.CREATING_QUOTE'],
    [
      'COMPLETE_QUOTE',
      'CREATING_CONTRACT',
      'projectStatus.COMPLETE_QUOTE',
      'projectStatus.CREATING_CONTRACT',
    ],
    // The discharger returned the contract.
    [
      'REQUEST_CONTRACT',
      'CREATING_CONTRACT',
      'projectStatus.REQUEST_CONTRACT',
      'projectStatus.CONTRACT_RETURNED',
    ],
    [
      'CREATING_CONTRACT',
      'REQUEST_CONTRACT',
      'projectStatus.CREATING_CONTRACT',
      'projectStatus.REQUEST_CONTRACT',
    ],
    ['REQUEST_CONTRACT', 'IN_PROGRESS', 'projectStatus.REQUEST_CONTRACT', 'projectStatus.IN_PROGRESS'],
  ])('%s -> %s reads %s -> %s', (from, to, fromKey, toKey) => {
    expect(projectHistoryLabelKeys(from, to)).toEqual({ from: fromKey, to: toKey });
  });

  it('never uses the home-only label', () => {
    for (const from of [null, ...PROJECT_STATUSES])
      for (const to of PROJECT_STATUSES)
        expect(Object.values(projectHistoryLabelKeys(from, to))).not.toContain(
          'projectStatus.QUOTE_APPROVAL',
        );
  });
});
