import { describe, expect, it } from 'vitest';
import {
  buildCollectionRequest,
  dateIssueAt,
  formPath,
  issueMessage,
  kindHint,
  lineInputs,
  maxDates,
  offeredKinds,
  previewCounts,
  type RequestFormValues,
  refusalIssues,
  restoreRequestValues,
  startingValues,
  toRequest,
  valuesForProject,
  weekdayCountState,
} from './collection-request-values';
import { dayBlock, type KnownDay } from './request-days';
import { OPTION, SPOT_OPTION } from './test-option';

const TODAY = '2026-11-25';
const EMPTY_LIKE: RequestFormValues = { projectId: null, kind: 'DATES', dates: [null] };
const NONE = new Map<string, KnownDay>();

const base = (change: Partial<RequestFormValues> = {}): RequestFormValues => ({
  ...valuesForProject(OPTION),
  dates: ['2026-12-01'],
  lines: [
    { wasteLineId: 11, use: true, bags: { '45': 3, '70': 0 }, volume: '' },
    { wasteLineId: 12, use: false, bags: {}, volume: '' },
  ],
  ...change,
});

describe('valuesForProject', () => {
  it('chooses the only site and lists every line, none ticked when there are several', () => {
    const values = valuesForProject(OPTION);
    expect(values.projectId).toBe(7);
    expect(values.dischargeSiteId).toBe(5);
    expect(values.kind).toBe('DATES');
    expect(values.dates).toEqual([null]);
    expect(values.lines?.map((l) => [l.wasteLineId, l.use])).toEqual([
      [11, false],
      [12, false],
    ]);
  });
  it('ticks the only line and leaves the site open when there are several', () => {
    const values = valuesForProject({
      ...OPTION,
      wasteLines: [OPTION.wasteLines[0]!],
      dischargeSites: [...OPTION.dischargeSites, { id: 6, name: '京橋店', address: '' }],
    });
    expect(values.lines?.[0]?.use).toBe(true);
    expect(values.dischargeSiteId).toBeNull();
  });
});

describe('lineInputs', () => {
  it('offers bags for general waste, a volume where there is a unit', () => {
    expect(lineInputs({ kind: 'REGULAR', unit: null })).toEqual({ bags: true, volume: false });
    expect(lineInputs({ kind: 'REGULAR', unit: 'kg' })).toEqual({ bags: true, volume: true });
    expect(lineInputs({ kind: 'INDUSTRIAL', unit: 't' })).toEqual({ bags: false, volume: true });
  });
});

describe('toRequest', () => {
  it('sends the ticked lines with their counted bags, blank optional fields left out', () => {
    const { body, rowOfLine } = toRequest(base({ memo: '  ' }));
    expect(body).toEqual({
      projectId: 7,
      dischargeSiteId: 5,
      kind: 'DATES',
      dates: ['2026-12-01'],
      lines: [{ wasteLineId: 11, bags: { '45': 3 } }],
      vehicleLimit: 'NONE',
    });
    expect(rowOfLine).toEqual([0]);
  });
  it('maps each body line to its form row and strips a volume of its separators', () => {
    const { body, rowOfLine } = toRequest(
      base({
        lines: [
          { wasteLineId: 11, use: false, bags: {} },
          { wasteLineId: 12, use: true, bags: {}, volume: '1,234.50' },
        ],
        entryFrom: '08:00',
        entryUntil: '10:30',
        vehicleLimit: 'T2',
        memo: ' 裏口から ',
      }),
    );
    expect(body.lines).toEqual([{ wasteLineId: 12, bags: {}, volume: '1234.50' }]);
    expect(rowOfLine).toEqual([1]);
    expect(body).toMatchObject({
      entryFrom: '08:00',
      entryUntil: '10:30',
      vehicleLimit: 'T2',
      memo: '裏口から',
    });
  });
  it('sends a recurring request with its weekdays in order and no dates', () => {
    const { body } = toRequest(
      base({ kind: 'RECURRING', frequency: 'WEEKLY', weekdays: [4, 1], collectionCount: 2 }),
    );
    expect(body).toMatchObject({
      kind: 'RECURRING',
      frequency: 'WEEKLY',
      weekdays: [1, 4],
      collectionCount: 2,
    });
    expect(body.dates).toBeUndefined();
  });
});

describe('formPath', () => {
  it('names the form row of a body line', () => {
    expect(formPath(['lines', 0, 'bags'], [2])).toEqual(['lines', 2, 'bags']);
    expect(formPath(['lines', '0', 'bags', '45'], [2])).toEqual(['lines', 2, 'bags']);
    expect(formPath(['lines', 0, 'volume'], [1])).toEqual(['lines', 1, 'volume']);
    expect(formPath(['lines', 1, 'wasteLineId'], [0, 1])).toEqual(['lines', 1, 'use']);
    expect(formPath(['dates', '2'], [])).toEqual(['dates', 2]);
    expect(formPath(['lines'], [])).toEqual(['lines']);
    expect(formPath(['entryUntil'], [])).toEqual(['entryUntil']);
  });
});

describe('buildCollectionRequest', () => {
  const ctx = { today: TODAY, option: OPTION, known: NONE };

  it('passes a complete request', () => {
    const built = buildCollectionRequest(base(), ctx);
    expect(built.ok).toBe(true);
  });

  it('puts the schema issues on the form fields, first per field', () => {
    const built = buildCollectionRequest(
      base({
        dischargeSiteId: null,
        lines: [
          { wasteLineId: 11, use: true, bags: {} },
          { wasteLineId: 12, use: false },
        ],
        entryFrom: '10:00',
        entryUntil: '09:00',
      }),
      ctx,
    );
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues).toEqual([
      { name: ['dischargeSiteId'], code: 'MSG_00_21' },
      { name: ['lines', 0, 'bags'], code: 'bag_or_volume_required' },
    ]);
  });

  it('shows the rules across fields (entry hours, recurrence) once the fields themselves pass', () => {
    const built = buildCollectionRequest(base({ entryFrom: '10:00', entryUntil: '09:00' }), ctx);
    expect(built.ok ? [] : built.issues).toEqual([{ name: ['entryUntil'], code: 'invalid_period' }]);
  });

  it('asks for a line when none is ticked', () => {
    const built = buildCollectionRequest(base({ lines: [{ wasteLineId: 11, use: false }] }), ctx);
    expect(built.ok ? [] : built.issues).toEqual([{ name: ['lines'], code: 'collections.linesRequired' }]);
  });

  it('asks for a date when there is none', () => {
    const built = buildCollectionRequest(base({ dates: [] }), ctx);
    expect(built.ok ? [] : built.issues).toEqual([{ name: ['dates'], code: 'collections.datesRequired' }]);
  });

  it('checks each desired date: empty, past, outside the period, known closed (with the next day), twice', () => {
    const known = new Map<string, KnownDay>([
      ['2026-12-29', { collectable: false, reason: 'YEAR_END' }],
      ['2026-12-30', { collectable: false, reason: 'YEAR_END' }],
      ['2026-12-31', { collectable: false, reason: 'YEAR_END' }],
    ]);
    const built = buildCollectionRequest(
      base({ dates: [null, '2026-11-24', '2028-06-01', '2026-12-30', '2026-12-01', '2026-12-01'] }),
      { ...ctx, known },
    );
    expect(built.ok ? [] : built.issues).toEqual([
      { name: ['dates', 0], code: 'MSG_00_21' },
      { name: ['dates', 1], code: 'date_in_past' },
      { name: ['dates', 2], code: 'collection_outside_contract' },
      {
        name: ['dates', 3],
        code: 'collection_date_not_collectable',
        params: { reason: 'YEAR_END', nextDate: '2027-01-01' },
      },
      { name: ['dates', 5], code: 'same_waste_same_date' },
    ]);
  });

  it('mirrors the weekdays = number of collections rule', () => {
    const built = buildCollectionRequest(
      base({ kind: 'RECURRING', frequency: 'WEEKLY', weekdays: [1, 3, 5], collectionCount: 2 }),
      ctx,
    );
    expect(built.ok ? [] : built.issues).toEqual([{ name: ['weekdays'], code: 'weekdays_must_match_count' }]);
    const none = buildCollectionRequest(base({ kind: 'RECURRING', weekdays: [] }), ctx);
    expect(none.ok ? [] : none.issues).toEqual([
      { name: ['frequency'], code: 'MSG_00_21' },
      { name: ['weekdays'], code: 'weekday_required' },
    ]);
  });
});

describe("dateIssueAt (a desired date picker's rule)", () => {
  const known = new Map<string, KnownDay>([
    ['2026-12-06', { collectable: false, reason: 'NOT_BUSINESS_WEEKDAY' }],
    ['2026-12-07', { collectable: true, reason: null }],
  ]);
  const ctx = { today: TODAY, option: OPTION, known };

  it.each([
    ['2026-11-24', 'date_in_past'],
    ['2026-11-25', null],
    ['2028-06-01', 'collection_outside_contract'],
    ['2026-12-06', 'collection_date_not_collectable'],
    ['2026-12-07', null],
    ['2026-12-08', null],
  ])('%s: %s, refused exactly when the picker disables it', (date, code) => {
    expect(dateIssueAt([date], 0, ctx)?.code ?? null).toBe(code);
    expect(code !== null).toBe(dayBlock(date, ctx) !== null);
  });

  it('tells a row its own issue: a day asked twice, not an empty row', () => {
    const dates = ['2026-12-07', null, '2026-12-07', '2026-11-24'];
    expect(dateIssueAt(dates, 0, ctx)).toBeNull();
    expect(dateIssueAt(dates, 1, ctx)).toBeNull();
    expect(dateIssueAt(dates, 2, ctx)).toEqual({ name: ['dates', 2], code: 'same_waste_same_date' });
    expect(dateIssueAt(dates, 3, ctx)).toEqual({ name: ['dates', 3], code: 'date_in_past' });
  });
});

describe('refusalIssues', () => {
  it('puts server codes on the form fields, a refused date with its reason and next day', () => {
    const issues = refusalIssues(
      {
        fields: {
          'dates.2': 'collection_date_not_collectable',
          'dates.3': 'collection_date_not_collectable',
          'lines.0.bags': 'bag_or_volume_required',
          dischargeSiteId: 'collection_area_not_supported',
        },
        params: {
          'dates.2.reason': 'YEAR_END',
          'dates.2.nextDate': '2027-01-04',
          'dates.3.reason': 'CLOSED_DAY',
          'dates.3.nextDate': '',
        },
      },
      [1],
    );
    expect(issues).toEqual([
      {
        name: ['dates', 2],
        code: 'collection_date_not_collectable',
        params: { reason: 'YEAR_END', nextDate: '2027-01-04' },
      },
      {
        name: ['dates', 3],
        code: 'collection_date_not_collectable',
        params: { reason: 'CLOSED_DAY', nextDate: null },
      },
      { name: ['lines', 1, 'bags'], code: 'bag_or_volume_required' },
      { name: ['dischargeSiteId'], code: 'collection_area_not_supported' },
    ]);
  });
  it('has nothing to show without fields', () => {
    expect(refusalIssues({}, [])).toEqual([]);
  });
});

describe('issueMessage', () => {
  it('says why a date is refused and the next collectable day', () => {
    expect(
      issueMessage({
        code: 'collection_date_not_collectable',
        params: { reason: 'YEAR_END', nextDate: '2027-01-04' },
      }),
    ).toEqual({ key: 'collections.dateRefusal.withNext', reason: 'YEAR_END', nextDate: '2027-01-04' });
    expect(
      issueMessage({
        code: 'collection_date_not_collectable',
        params: { reason: 'CLOSED_DAY', nextDate: null },
      }),
    ).toEqual({ key: 'collections.dateRefusal.noNext', reason: 'CLOSED_DAY' });
  });
  it('uses the message code otherwise', () => {
    expect(issueMessage({ code: 'collection_date_not_collectable' })).toEqual({
      key: 'collection_date_not_collectable',
    });
    expect(issueMessage({ code: 'MSG_00_21' })).toEqual({ key: 'MSG_00_21' });
  });
});

describe('weekdayCountState', () => {
  it('compares the ticked weekdays with the number of collections', () => {
    expect(weekdayCountState([1, 4], 2)).toEqual({ selected: 2, count: 2, matches: true });
    expect(weekdayCountState([1], 2)).toEqual({ selected: 1, count: 2, matches: false });
    expect(weekdayCountState(undefined, null)).toEqual({ selected: 0, count: null, matches: false });
  });
});

describe('previewCounts', () => {
  it('counts the collections to be made and the skipped dates', () => {
    expect(
      previewCounts({
        collections: [
          { date: '2026-12-28', status: 'DESIRED_DATE', skipReason: null },
          { date: '2026-12-31', status: 'SKIPPED', skipReason: 'YEAR_END' },
        ],
      }),
    ).toEqual({ planned: 1, skipped: 1 });
  });
});

describe('kept input', () => {
  it('restores input that still fits the offered projects', () => {
    const values = base();
    expect(restoreRequestValues(values, [OPTION])).toEqual(values);
    expect(restoreRequestValues({ ...EMPTY_LIKE }, [OPTION])).toEqual(EMPTY_LIKE);
  });
  it('drops input for a project no longer offered, and stale lines', () => {
    expect(restoreRequestValues(base({ projectId: 99 }), [OPTION])).toBeNull();
    expect(restoreRequestValues('nonsense', [OPTION])).toBeNull();
    const stale = restoreRequestValues(base({ lines: [{ wasteLineId: 11, use: true }] }), [OPTION]);
    expect(stale?.lines?.map((l) => l.wasteLineId)).toEqual([11, 12]);
    expect(stale?.dates).toEqual(['2026-12-01']);
  });
  it('chooses the only project for a new form', () => {
    expect(startingValues([OPTION]).projectId).toBe(7);
    expect(startingValues([OPTION, { ...OPTION, projectId: 8 }]).projectId).toBeNull();
    expect(startingValues([]).projectId).toBeNull();
  });
});

describe('a spot contract in the form', () => {
  const spot = (change: Partial<RequestFormValues> = {}): RequestFormValues => ({
    ...base(change),
    projectId: SPOT_OPTION.projectId,
  });
  const ctx = { today: TODAY, option: SPOT_OPTION, known: NONE };
  it('offers chosen dates only and says how many are left', () => {
    expect(offeredKinds(SPOT_OPTION)).toEqual([{ kind: 'DATES', disabled: false }]);
    expect(kindHint(SPOT_OPTION)).toEqual({ key: 'collections.spotDatesOnly', left: 1 });
    expect(maxDates(SPOT_OPTION)).toBe(1);
    // Nothing left: one picker still shows, refused with the limit.
    const none = { ...SPOT_OPTION, contract: { ...SPOT_OPTION.contract, collectionsLeft: 0 } };
    expect(kindHint(none)).toEqual({ key: 'collections.spotDatesOnly', left: 0 });
    expect(maxDates(none)).toBe(1);
  });
  it('offers both kinds elsewhere, recurring disabled for industrial waste', () => {
    expect(offeredKinds(OPTION)).toEqual([
      { kind: 'DATES', disabled: false },
      { kind: 'RECURRING', disabled: false },
    ]);
    expect(kindHint(OPTION)).toBeNull();
    expect(maxDates(OPTION)).toBe(31);
    const industrial = { ...OPTION, projectType: 'INDUSTRIAL' as const };
    expect(offeredKinds(industrial)[1]).toEqual({ kind: 'RECURRING', disabled: true });
    expect(kindHint(industrial)).toEqual({ key: 'collections.kindRecurringOnlyRegular' });
  });
  it('refuses a recurring request and the dates beyond what is left, on their fields', () => {
    const recurring = buildCollectionRequest(
      spot({ kind: 'RECURRING', frequency: 'WEEKLY', weekdays: [2], collectionCount: 1 }),
      ctx,
    );
    expect(recurring.ok ? [] : recurring.issues.map((i) => [i.name, i.code])).toEqual([
      [['kind'], 'spot_contract_dates_only'],
    ]);
    const two = buildCollectionRequest(spot({ dates: ['2026-12-01', '2026-12-02'] }), ctx);
    expect(two.ok ? [] : two.issues.map((i) => [i.name, i.code])).toEqual([
      [['dates', 1], 'spot_contract_date_limit'],
    ]);
    expect(buildCollectionRequest(spot(), ctx).ok).toBe(true);
  });
});
