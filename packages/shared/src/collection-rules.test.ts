import { describe, expect, it } from 'vitest';
import { collectionRequestSchema } from './api/collections';
import { type BusinessSettings, businessDayInfo, type ClosedDay } from './business-day';
import {
  COLLECTION_STATUSES,
  type CollectionAction,
  type CollectionDayLookup,
  type CollectionStatus,
  cancelRefusal,
  collectionActions,
  collectionsLeft,
  desiredDateIssue,
  desiredDatesIssues,
  nextCollectableDate,
  planRecurringCollections,
  recurrenceDates,
  requestablePeriod,
  requestContractIssues,
  requestKindsOf,
  rescheduledDate,
} from './collection-rules';

const HOLIDAYS: Record<string, string> = {
  '2026-11-03': '文化の日',
  '2026-11-23': '勤労感謝の日',
  '2027-01-01': '元日',
  '2027-01-11': '成人の日',
};
const holiday = (date: string) => HOLIDAYS[date];

const lookupFor =
  (settings: Partial<BusinessSettings> = {}, closed: ClosedDay[] = []): CollectionDayLookup =>
  (date) =>
    businessDayInfo(
      date,
      {
        weekdays: [1, 2, 3, 4, 5, 6],
        openTime: '08:00',
        closeTime: '17:00',
        closedOnNationalHolidays: true,
        closedOnYearEnd: true,
        ...settings,
      },
      closed,
      holiday,
    );

describe('cancelRefusal', () => {
  const today = '2026-11-24';
  it.each([
    ['the day before', '2026-11-25', false, 'CONFIRMED', null],
    ['the day itself', '2026-11-24', false, 'CONFIRMED', 'collection_cancel_too_late'],
    ['a day gone', '2026-11-20', false, 'CONFIRMED', 'collection_cancel_too_late'],
    ['after a report', '2026-11-25', true, 'CONFIRMED', 'collection_has_report'],
    ['a date still wished', '2026-11-30', false, 'DESIRED_DATE', null],
    ['a date being adjusted', '2026-11-30', false, 'ADJUSTING', null],
    ['a collected one', '2026-11-30', false, 'COLLECTED', 'invalid_status_transition'],
    ['a cancelled one', '2026-11-30', false, 'CANCELLED', 'invalid_status_transition'],
    ['a skipped one', '2026-11-30', false, 'SKIPPED', 'invalid_status_transition'],
  ] as const)('%s', (_, date, hasReport, status, expected) => {
    expect(cancelRefusal({ date, hasReport, status }, today)).toBe(expected);
  });
});

describe('collectionActions', () => {
  const today = '2026-11-24';
  /** Every (status, date, report, role) that allows something, written out; the rest allow nothing. */
  const ALLOWED: [CollectionStatus, string, boolean, 'WASTE' | 'TRANSPORT', CollectionAction[]][] = [
    ['DESIRED_DATE', '2026-11-30', false, 'TRANSPORT', ['CONFIRM', 'PROPOSE_DATE', 'RETURN']],
    ['DESIRED_DATE', '2026-11-24', false, 'TRANSPORT', ['CONFIRM', 'PROPOSE_DATE', 'RETURN']],
    ['DESIRED_DATE', '2026-11-30', true, 'TRANSPORT', ['CONFIRM', 'PROPOSE_DATE', 'RETURN']],
    ['DESIRED_DATE', '2026-11-24', true, 'TRANSPORT', ['CONFIRM', 'PROPOSE_DATE', 'RETURN']],
    ['DESIRED_DATE', '2026-11-30', false, 'WASTE', ['CANCEL']],
    ['ADJUSTING', '2026-11-30', false, 'TRANSPORT', ['RETURN']],
    ['ADJUSTING', '2026-11-24', false, 'TRANSPORT', ['RETURN']],
    ['ADJUSTING', '2026-11-30', true, 'TRANSPORT', ['RETURN']],
    ['ADJUSTING', '2026-11-24', true, 'TRANSPORT', ['RETURN']],
    ['ADJUSTING', '2026-11-30', false, 'WASTE', ['ACCEPT_PROPOSAL', 'ASK_AGAIN', 'CANCEL']],
    ['ADJUSTING', '2026-11-24', false, 'WASTE', ['ACCEPT_PROPOSAL', 'ASK_AGAIN']],
    ['ADJUSTING', '2026-11-30', true, 'WASTE', ['ACCEPT_PROPOSAL', 'ASK_AGAIN']],
    ['ADJUSTING', '2026-11-24', true, 'WASTE', ['ACCEPT_PROPOSAL', 'ASK_AGAIN']],
    ['CONFIRMED', '2026-11-30', false, 'WASTE', ['CANCEL']],
    ['CONFIRMED', '2026-11-24', false, 'TRANSPORT', ['MARK_COLLECTED', 'MARK_NOT_COLLECTED']],
    ['CONFIRMED', '2026-11-24', true, 'TRANSPORT', ['MARK_COLLECTED']],
    ['COLLECTED', '2026-11-24', false, 'TRANSPORT', ['MARK_NOT_COLLECTED']],
    ['NOT_COLLECTED', '2026-11-24', false, 'TRANSPORT', ['MARK_COLLECTED']],
    ['NOT_COLLECTED', '2026-11-24', true, 'TRANSPORT', ['MARK_COLLECTED']],
  ];
  for (const status of COLLECTION_STATUSES)
    for (const date of ['2026-11-24', '2026-11-30'])
      for (const hasReport of [false, true])
        for (const role of ['WASTE', 'TRANSPORT'] as const) {
          const expected =
            ALLOWED.find(
              (a) => a[0] === status && a[1] === date && a[2] === hasReport && a[3] === role,
            )?.[4] ?? [];
          it(`${role} on ${status} ${date}${hasReport ? ' reported' : ''}: ${expected.join(',') || 'nothing'}`, () => {
            expect(collectionActions({ status, date, hasReport }, role, today)).toEqual(expected);
          });
        }
});

describe('collectionActions on a day the transporter closed', () => {
  const today = '2026-11-24';
  it.each([
    ['DESIRED_DATE', '2026-11-30', ['PROPOSE_DATE', 'RETURN']],
    ['ADJUSTING', '2026-11-30', ['PROPOSE_DATE', 'RETURN']],
    ['CONFIRMED', '2026-11-30', ['PROPOSE_DATE', 'RETURN']],
    // Today's day can still be recorded (the collection may have been made before the day was closed).
    ['CONFIRMED', '2026-11-24', ['PROPOSE_DATE', 'RETURN', 'MARK_COLLECTED', 'MARK_NOT_COLLECTED']],
    // A day gone is recorded, not moved; what is not open any more stays as it is.
    ['CONFIRMED', '2026-11-20', ['MARK_COLLECTED', 'MARK_NOT_COLLECTED']],
    ['DESIRED_DATE', '2026-11-20', ['CONFIRM', 'PROPOSE_DATE', 'RETURN']],
    ['COLLECTED', '2026-11-30', []],
    ['CANCELLED', '2026-11-30', []],
    ['RETURNED', '2026-11-30', []],
    ['SKIPPED', '2026-11-30', []],
  ] as const)('the transporter on %s %s: %j', (status, date, expected) => {
    expect(
      collectionActions({ status, date, hasReport: false, dayClosed: true }, 'TRANSPORT', today),
    ).toEqual(expected);
  });
  it("the discharger's actions do not change", () => {
    for (const status of COLLECTION_STATUSES) {
      const state = { status, date: '2026-11-30', hasReport: false };
      expect(collectionActions({ ...state, dayClosed: true }, 'WASTE', today)).toEqual(
        collectionActions(state, 'WASTE', today),
      );
    }
  });
});

describe('rescheduledDate', () => {
  // Monday to Saturday, closed on holidays and from 29 December to 3 January.
  const ctx = {
    today: '2026-11-24',
    period: { startDate: '2026-11-01', endDate: '2026-12-31' },
    lookup: lookupFor({}, [{ date: '2026-11-26', reason: '棚卸' }]),
  };
  it('proposes the next collectable day after the closed one', () => {
    expect(rescheduledDate('2026-11-26', ctx, new Set())).toBe('2026-11-27');
    // Sunday is not a working day: Monday.
    expect(rescheduledDate('2026-11-29', ctx, new Set())).toBe('2026-11-30');
  });
  it('passes over days the same waste is already collected on', () => {
    expect(rescheduledDate('2026-11-26', ctx, new Set(['2026-11-27', '2026-11-28']))).toBe('2026-11-30');
  });
  it('never proposes a day gone', () => {
    expect(rescheduledDate('2026-11-20', ctx, new Set())).toBe('2026-11-24');
  });
  it('proposes nothing when the period has no collectable day left', () => {
    expect(rescheduledDate('2026-12-29', ctx, new Set())).toBeNull();
    expect(
      rescheduledDate('2026-12-28', { ...ctx, lookup: lookupFor({ weekdays: [2] }) }, new Set()),
    ).toBeNull();
  });
});

describe('what a contract takes', () => {
  it('recurring collections only for a regular project under a contract that runs', () => {
    expect(requestKindsOf({ projectType: 'REGULAR', contractType: 'AUTO_UPDATE' })).toEqual([
      'DATES',
      'RECURRING',
    ]);
    expect(requestKindsOf({ projectType: 'REGULAR', contractType: 'NO_AUTO_UPDATE' })).toEqual([
      'DATES',
      'RECURRING',
    ]);
    expect(requestKindsOf({ projectType: 'REGULAR', contractType: 'SPOT' })).toEqual(['DATES']);
    expect(requestKindsOf({ projectType: 'INDUSTRIAL', contractType: 'AUTO_UPDATE' })).toEqual(['DATES']);
  });
  it("a spot contract's allowance left, none for the others", () => {
    expect(collectionsLeft('SPOT', 0)).toBe(1);
    expect(collectionsLeft('SPOT', 1)).toBe(0);
    expect(collectionsLeft('SPOT', 3)).toBe(0);
    expect(collectionsLeft('AUTO_UPDATE', 40)).toBeNull();
  });
  const spot = { projectType: 'REGULAR', contractType: 'SPOT' } as const;
  it.each([
    ['a recurring request under a spot contract', 'RECURRING', [], 0, [['kind', 'spot_contract_dates_only']]],
    ['one date, nothing yet', 'DATES', ['2026-11-30'], 0, []],
    [
      'two dates, nothing yet',
      'DATES',
      ['2026-11-30', '2026-12-01'],
      0,
      [['dates.1', 'spot_contract_date_limit']],
    ],
    [
      'a date when the collection is taken',
      'DATES',
      ['2026-11-30', '2026-12-01'],
      1,
      [
        ['dates.0', 'spot_contract_date_limit'],
        ['dates.1', 'spot_contract_date_limit'],
      ],
    ],
  ] as const)('%s', (_, kind, dates, counted, expected) => {
    expect(
      requestContractIssues(
        { kind, dates },
        { ...spot, collectionsLeft: collectionsLeft('SPOT', counted) },
      ).map((i) => [i.field, i.code]),
    ).toEqual(expected);
  });
  it('other contracts: recurring for a regular project only, any number of dates', () => {
    const many = Array.from({ length: 31 }, () => '2026-11-30');
    expect(
      requestContractIssues(
        { kind: 'DATES', dates: many },
        { projectType: 'REGULAR', contractType: 'AUTO_UPDATE', collectionsLeft: null },
      ),
    ).toEqual([]);
    expect(
      requestContractIssues(
        { kind: 'RECURRING', dates: [] },
        { projectType: 'INDUSTRIAL', contractType: 'AUTO_UPDATE', collectionsLeft: null },
      ),
    ).toEqual([{ field: 'kind', code: 'invalid_format' }]);
  });
});

describe('recurrenceDates', () => {
  it('WEEKLY collects on each selected weekday', () => {
    // 2026-11-02 is a Monday.
    expect(recurrenceDates({ frequency: 'WEEKLY', weekdays: [1, 4] }, '2026-11-01', '2026-11-14')).toEqual([
      '2026-11-02',
      '2026-11-05',
      '2026-11-09',
      '2026-11-12',
    ]);
  });
  it('DAILY collects on every selected day', () => {
    expect(
      recurrenceDates({ frequency: 'DAILY', weekdays: [1, 2, 3, 4, 5, 6] }, '2026-11-02', '2026-11-08'),
    ).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
  });
  it('MONTHLY collects on the first of each selected weekday, across month ends and a leap February', () => {
    expect(recurrenceDates({ frequency: 'MONTHLY', weekdays: [1] }, '2026-11-01', '2027-03-31')).toEqual([
      '2026-11-02',
      '2026-12-07',
      '2027-01-04',
      '2027-02-01',
      '2027-03-01',
    ]);
    expect(recurrenceDates({ frequency: 'MONTHLY', weekdays: [0] }, '2028-02-01', '2028-03-05')).toEqual([
      '2028-02-06',
      '2028-03-05',
    ]);
  });
  it('a period starting mid-month keeps only its own days', () => {
    expect(recurrenceDates({ frequency: 'MONTHLY', weekdays: [1] }, '2026-11-03', '2026-12-31')).toEqual([
      '2026-12-07',
    ]);
  });
  it('gives nothing for an empty or reversed range or no weekday', () => {
    expect(recurrenceDates({ frequency: 'WEEKLY', weekdays: [1] }, '2026-11-30', '2026-11-01')).toEqual([]);
    expect(recurrenceDates({ frequency: 'WEEKLY', weekdays: [] }, '2026-11-01', '2026-11-30')).toEqual([]);
    expect(recurrenceDates({ frequency: 'WEEKLY', weekdays: [1] }, '2026-02-30', '2026-11-30')).toEqual([]);
  });
});

describe('planRecurringCollections', () => {
  it('skips national holidays, the year-end break and closed days, with the reason', () => {
    const lookup = lookupFor({}, [{ date: '2026-11-16', reason: '車両点検' }]);
    const plan = planRecurringCollections(
      { frequency: 'WEEKLY', weekdays: [1, 2] },
      '2026-11-01',
      '2027-01-12',
      lookup,
    );
    const skipped = plan.filter((p) => p.status === 'SKIPPED').map((p) => [p.date, p.skipReason]);
    expect(skipped).toEqual([
      ['2026-11-03', 'NATIONAL_HOLIDAY'],
      ['2026-11-16', 'CLOSED_DAY'],
      ['2026-11-23', 'NATIONAL_HOLIDAY'],
      ['2026-12-29', 'YEAR_END'],
      ['2027-01-11', 'NATIONAL_HOLIDAY'],
    ]);
    expect(plan.filter((p) => p.status === 'DESIRED_DATE').map((p) => p.date)).toContain('2027-01-04');
  });
  it('keeps the year-end days of a transporter that works them', () => {
    const plan = planRecurringCollections(
      { frequency: 'WEEKLY', weekdays: [2] },
      '2026-12-28',
      '2027-01-03',
      lookupFor({ closedOnYearEnd: false }),
    );
    expect(plan).toEqual([{ date: '2026-12-29', status: 'DESIRED_DATE' }]);
  });
  it('skips a weekday the transporter does not work', () => {
    const plan = planRecurringCollections(
      { frequency: 'WEEKLY', weekdays: [0] },
      '2026-11-01',
      '2026-11-07',
      lookupFor(),
    );
    expect(plan).toEqual([{ date: '2026-11-01', status: 'SKIPPED', skipReason: 'NOT_BUSINESS_WEEKDAY' }]);
  });
  it('a contract renewed mid-month continues the weekdays from the new start', () => {
    const first = planRecurringCollections(
      { frequency: 'WEEKLY', weekdays: [3] },
      '2026-10-16',
      '2026-11-15',
      lookupFor(),
    );
    const renewed = planRecurringCollections(
      { frequency: 'WEEKLY', weekdays: [3] },
      '2026-11-16',
      '2026-12-15',
      lookupFor(),
    );
    expect(first.at(-1)?.date).toBe('2026-11-11');
    expect(renewed[0]?.date).toBe('2026-11-18');
    expect(new Set([...first, ...renewed].map((p) => p.date)).size).toBe(first.length + renewed.length);
  });
});

describe('desired dates', () => {
  const ctx = {
    today: '2026-11-24',
    period: { startDate: '2026-11-01', endDate: '2026-12-31' },
    lookup: lookupFor(),
  };
  it('accepts a working day in the period, today included', () => {
    expect(desiredDateIssue('2026-11-24', 0, ctx)).toBeNull();
    expect(desiredDateIssue('2026-12-28', 0, ctx)).toBeNull();
  });
  it('refuses the past, outside the period and impossible dates', () => {
    expect(desiredDateIssue('2026-11-20', 0, ctx)?.code).toBe('date_in_past');
    expect(desiredDateIssue('2027-01-05', 0, ctx)?.code).toBe('collection_outside_contract');
    expect(desiredDateIssue('2026-02-30', 0, ctx)?.code).toBe('invalid_format');
  });
  it('refuses a day not collected with the reason and the next collectable day', () => {
    expect(desiredDateIssue('2026-11-29', 2, ctx)).toEqual({
      index: 2,
      code: 'collection_date_not_collectable',
      reason: 'NOT_BUSINESS_WEEKDAY',
      nextDate: '2026-11-30',
    });
    // The year-end break runs to the period's end: nothing to offer in it.
    expect(desiredDateIssue('2026-12-30', 0, ctx)).toMatchObject({ reason: 'YEAR_END', nextDate: null });
  });
  it('refuses the same date twice', () => {
    expect(desiredDatesIssues(['2026-11-25', '2026-11-26', '2026-11-25'], ctx)).toEqual([
      { index: 2, code: 'same_waste_same_date' },
    ]);
  });
  it('finds the next collectable day over a long break, or none within the limit', () => {
    expect(nextCollectableDate('2026-12-29', lookupFor())).toBe('2027-01-04');
    expect(nextCollectableDate('2026-12-29', lookupFor(), 3)).toBeNull();
  });
});

describe('requestablePeriod', () => {
  const base = { startDate: '2026-04-01', endDate: '2027-03-31', nextEndDate: '2028-03-31', renewal: null };
  it('an auto-renewing contract reaches into its next period until it is ended', () => {
    expect(requestablePeriod({ ...base, contractType: 'AUTO_UPDATE' }).endDate).toBe('2028-03-31');
    expect(requestablePeriod({ ...base, contractType: 'AUTO_UPDATE', renewal: 'END' }).endDate).toBe(
      '2027-03-31',
    );
    expect(requestablePeriod({ ...base, contractType: 'SPOT' }).endDate).toBe('2027-03-31');
    expect(requestablePeriod({ ...base, contractType: 'NO_AUTO_UPDATE' }).endDate).toBe('2027-03-31');
  });
});

describe('collectionRequestSchema', () => {
  const base = {
    projectId: 1,
    dischargeSiteId: 2,
    kind: 'RECURRING',
    frequency: 'WEEKLY',
    weekdays: [1, 4],
    collectionCount: 2,
    lines: [{ wasteLineId: 5, bags: { '45': 3 } }],
  };
  const issues = (body: unknown) => {
    const result = collectionRequestSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('accepts a recurring request and a dated one', () => {
    expect(issues(base)).toEqual([]);
    expect(
      issues({ ...base, kind: 'DATES', dates: ['2026-11-30'], weekdays: [], collectionCount: undefined }),
    ).toEqual([]);
  });
  it('weekdays must equal the collection count, and at least one', () => {
    expect(issues({ ...base, collectionCount: 3 })).toEqual([['weekdays', 'weekdays_must_match_count']]);
    expect(issues({ ...base, weekdays: [] })).toEqual([['weekdays', 'weekday_required']]);
  });
  it('at least one bag type or a volume', () => {
    expect(issues({ ...base, lines: [{ wasteLineId: 5, bags: { '45': 0 } }] })).toEqual([
      ['lines.0.bags', 'bag_or_volume_required'],
    ]);
    expect(issues({ ...base, lines: [{ wasteLineId: 5, volume: '1,200' }] })).toEqual([]);
    expect(issues({ ...base, lines: [{ wasteLineId: 5, volume: '12.345' }] })).toEqual([
      ['lines.0.volume', 'MSG_00_27'],
    ]);
  });
  it('the same waste not twice; site and dates required', () => {
    expect(issues({ ...base, lines: [...base.lines, ...base.lines] })).toEqual([
      ['lines.1.wasteLineId', 'same_waste_twice'],
    ]);
    expect(issues({ ...base, dischargeSiteId: undefined })).toEqual([['dischargeSiteId', 'MSG_00_21']]);
    expect(issues({ ...base, kind: 'DATES' })).toEqual([['dates', 'MSG_00_21']]);
  });
  it('entry hours in order', () => {
    expect(issues({ ...base, entryFrom: '09:00', entryUntil: '08:00' })).toEqual([
      ['entryUntil', 'invalid_period'],
    ]);
    expect(issues({ ...base, entryFrom: '09:00', entryUntil: '' })).toEqual([]);
  });
});
