import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES } from '../messages';
import {
  type CoveragePermit,
  type CoverageProject,
  coverageGapKey,
  coveragePeriod,
  PERMIT_COVERAGE_MESSAGES,
  PERMIT_COVERAGE_REASONS,
  parseDistrict,
  permitCoverage,
} from './permit-coverage';

const permit = (over: Partial<CoveragePermit> = {}): CoveragePermit => ({
  district: '13',
  kind: 'COLLECTION_TRANSPORT',
  wasteKindIds: [1, 2],
  issueDate: '2025-01-01',
  expiryDate: '2029-12-31',
  retired: false,
  transshipment: false,
  ...over,
});

const project = (over: Partial<CoverageProject> = {}): CoverageProject => ({
  loadingDistricts: ['13'],
  unloadingDistrict: '11',
  wasteKindIds: [1],
  periodFrom: '2026-04-01',
  periodTo: '2027-03-31',
  ...over,
});

const both = [permit({ district: '13' }), permit({ district: '11' })];

describe('parseDistrict', () => {
  it.each([
    ['13', { prefecture: '13', city: null }],
    ['東京都', { prefecture: '13', city: null }],
    ['01', { prefecture: '01', city: null }],
    ['14100', { prefecture: '14', city: '14100' }],
    ['141003', { prefecture: '14', city: '14100' }],
  ])('%s', (input, expected) => expect(parseDistrict(input)).toEqual(expected));

  it.each(['', '00', '48', '1', '1410', '1410034', 'Tokyo', '東京'])('refuses %j', (input) =>
    expect(parseDistrict(input)).toBeNull(),
  );
});

describe('permitCoverage', () => {
  it('is covered by permits of the loading and unloading prefectures', () => {
    expect(permitCoverage(both, project())).toEqual({ covered: true, missing: [] });
  });

  it('accepts prefecture names as the project records them', () => {
    const r = permitCoverage(both, project({ loadingDistricts: ['東京都'], unloadingDistrict: '埼玉県' }));
    expect(r.covered).toBe(true);
  });

  it.each<[string, CoveragePermit[], Partial<CoverageProject>, unknown[]]>([
    ['no permit of the unloading prefecture', [permit()], {}, [{ district: '11', reason: 'NO_PERMIT' }]],
    [
      'no permit of a second discharge site',
      both,
      { loadingDistricts: ['13', '12'] },
      [{ district: '12', reason: 'NO_PERMIT' }],
    ],
    [
      'a retired permit counts as none',
      [permit(), permit({ district: '11', retired: true })],
      {},
      [{ district: '11', reason: 'NO_PERMIT' }],
    ],
    [
      'a disposal permit does not cover transport',
      [permit(), permit({ district: '11', kind: 'DISPOSAL' })],
      {},
      [{ district: '11', reason: 'NO_PERMIT' }],
    ],
    [
      'a kind the permit does not list',
      both,
      { wasteKindIds: [1, 3] },
      [
        { district: '13', wasteKindId: 3, reason: 'KIND_NOT_COVERED' },
        { district: '11', wasteKindId: 3, reason: 'KIND_NOT_COVERED' },
      ],
    ],
    [
      'a permit expiring inside the period',
      [permit(), permit({ district: '11', expiryDate: '2027-03-30' })],
      {},
      [{ district: '11', wasteKindId: 1, reason: 'EXPIRES_IN_PERIOD' }],
    ],
    [
      'a permit issued after the period starts',
      [permit({ issueDate: '2026-04-02' }), permit({ district: '11' })],
      {},
      [{ district: '13', wasteKindId: 1, reason: 'NOT_YET_VALID' }],
    ],
    [
      'a permit that lapsed before the period starts',
      [permit({ expiryDate: '2026-03-31' }), permit({ district: '11' })],
      {},
      [{ district: '13', wasteKindId: 1, reason: 'EXPIRED' }],
    ],
    [
      'a lapsed permit whose renewal starts later',
      [
        permit({ expiryDate: '2026-03-31' }),
        permit({ issueDate: '2026-05-01', expiryDate: '2031-04-30' }),
        permit({ district: '11' }),
      ],
      {},
      [{ district: '13', wasteKindId: 1, reason: 'EXPIRED' }],
    ],
    [
      'no disposal site to deliver to (the loading side is still checked)',
      [permit({ wasteKindIds: [2] })],
      { unloadingDistrict: null },
      [
        { district: null, reason: 'NO_DISPOSAL_SITE' },
        { district: '13', wasteKindId: 1, reason: 'KIND_NOT_COVERED' },
      ],
    ],
    [
      'consecutive permits with a one-day gap',
      [
        permit({ expiryDate: '2026-09-30' }),
        permit({ issueDate: '2026-10-02', expiryDate: '2031-09-30' }),
        permit({ district: '11' }),
      ],
      {},
      [{ district: '13', wasteKindId: 1, reason: 'EXPIRES_IN_PERIOD' }],
    ],
    [
      "a designated city's permit does not replace the prefecture's (since 2011)",
      [permit({ district: '14100' })],
      { loadingDistricts: ['14'], unloadingDistrict: '14' },
      [{ district: '14', reason: 'NO_PERMIT' }],
    ],
  ])('refuses: %s', (_name, permits, over, missing) => {
    expect(permitCoverage(permits, project(over))).toEqual({ covered: false, missing });
  });

  it('joins a renewal that follows the expiring permit without a gap', () => {
    const renewed = [
      permit({ expiryDate: '2026-09-30' }),
      permit({ issueDate: '2026-10-01', expiryDate: '2031-09-30' }),
      permit({ district: '11' }),
    ];
    expect(permitCoverage(renewed, project()).covered).toBe(true);
  });

  it('periods are inclusive: a permit ending on the last day covers it', () => {
    const exact = [
      permit({ issueDate: '2026-04-01', expiryDate: '2027-03-31' }),
      permit({ district: '11', issueDate: '2026-04-01', expiryDate: '2027-03-31' }),
    ];
    expect(permitCoverage(exact, project()).covered).toBe(true);
  });

  it('a kind split across two permits of one prefecture is covered', () => {
    const split = [
      permit({ wasteKindIds: [1] }),
      permit({ wasteKindIds: [2] }),
      permit({ district: '11', wasteKindIds: [1, 2] }),
    ];
    expect(permitCoverage(split, project({ wasteKindIds: [1, 2] })).covered).toBe(true);
  });

  it('one prefecture for loading and unloading is checked once', () => {
    const r = permitCoverage([], project({ loadingDistricts: ['13', '13'], unloadingDistrict: '13' }));
    expect(r.missing).toEqual([{ district: '13', reason: 'NO_PERMIT' }]);
  });

  it('an unreadable district is never covered', () => {
    const r = permitCoverage(both, project({ unloadingDistrict: 'unknown' }));
    expect(r.missing).toEqual([{ district: 'unknown', reason: 'NO_PERMIT' }]);
  });

  describe('transshipment (積替え保管)', () => {
    it('is refused without a permit allowing it', () => {
      expect(permitCoverage(both, project({ needsTransshipment: true }))).toEqual({
        covered: false,
        missing: [{ district: '11', reason: 'NO_TRANSSHIPMENT' }],
      });
    });

    it("a prefecture's permit with transshipment on the route covers it", () => {
      const permits = [permit({ transshipment: true }), permit({ district: '11' })];
      expect(permitCoverage(permits, project({ needsTransshipment: true })).covered).toBe(true);
    });

    it("a designated city's transshipment permit inside a route prefecture covers it", () => {
      const permits = [...both, permit({ district: '111007', transshipment: true })];
      expect(permitCoverage(permits, project({ needsTransshipment: true })).covered).toBe(true);
    });

    it("a city's transshipment permit off the route does not", () => {
      const permits = [...both, permit({ district: '14100', transshipment: true })];
      expect(permitCoverage(permits, project({ needsTransshipment: true })).covered).toBe(false);
    });

    it('an expiring or kind-missing transshipment permit does not', () => {
      const expiring = [
        ...both,
        permit({ district: '11100', transshipment: true, expiryDate: '2026-12-31' }),
      ];
      expect(permitCoverage(expiring, project({ needsTransshipment: true })).covered).toBe(false);
      const otherKind = [...both, permit({ district: '11100', transshipment: true, wasteKindIds: [2] })];
      expect(permitCoverage(otherKind, project({ needsTransshipment: true })).covered).toBe(false);
    });

    it('a retired transshipment permit does not', () => {
      const retired = [...both, permit({ district: '11100', transshipment: true, retired: true })];
      expect(permitCoverage(retired, project({ needsTransshipment: true })).covered).toBe(false);
    });

    it('is not asked for when the project does not need it', () => {
      expect(permitCoverage(both, project({ needsTransshipment: false })).covered).toBe(true);
    });
  });

  it('every reason has a message code', () => {
    for (const reason of PERMIT_COVERAGE_REASONS)
      expect(MESSAGE_CODES).toContain(PERMIT_COVERAGE_MESSAGES[reason]);
  });
});

describe('coveragePeriod', () => {
  const contract = { startDate: '2026-04-01', endDate: '2027-03-31' };
  it.each<[string, typeof contract | null, string, { from: string; to: string }]>([
    ['a request: today only', null, '2026-05-10', { from: '2026-05-10', to: '2026-05-10' }],
    [
      'a contract not started: its whole period',
      contract,
      '2026-03-01',
      { from: '2026-04-01', to: '2027-03-31' },
    ],
    [
      'a contract in force: today to its end',
      contract,
      '2026-10-15',
      { from: '2026-10-15', to: '2027-03-31' },
    ],
    ['on its last day', contract, '2027-03-31', { from: '2027-03-31', to: '2027-03-31' }],
    ['past its end: today alone', contract, '2027-05-01', { from: '2027-05-01', to: '2027-05-01' }],
  ])('%s', (_name, c, today, expected) => expect(coveragePeriod(c, today)).toEqual(expected));
});

describe('coverageGapKey', () => {
  it('tells gaps apart by district, kind and reason', () => {
    const keys = [
      { district: '13', wasteKindId: 1, reason: 'EXPIRES_IN_PERIOD' as const },
      { district: '13', wasteKindId: 2, reason: 'EXPIRES_IN_PERIOD' as const },
      { district: '13', wasteKindId: 1, reason: 'KIND_NOT_COVERED' as const },
      { district: '11', wasteKindId: 1, reason: 'EXPIRES_IN_PERIOD' as const },
      { district: '13', reason: 'NO_PERMIT' as const },
      { district: null, reason: 'NO_DISPOSAL_SITE' as const },
    ].map(coverageGapKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe('13|1|EXPIRES_IN_PERIOD');
    expect(keys[5]).toBe('||NO_DISPOSAL_SITE');
  });
});
