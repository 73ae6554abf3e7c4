import { describe, expect, it } from 'vitest';
import type { CollectionStatus } from './collection-rules';
import {
  canApplyMark,
  compareStops,
  type DriverMarkResult,
  type DriverMarkState,
  type MarkLine,
  markConflict,
  monthDraft,
  type OrderedStop,
} from './driver-rules';

const TODAY = '2027-03-10';

describe('markConflict', () => {
  const target = (
    over: Partial<{ status: CollectionStatus; date: string; version: number; hasReport: boolean }>,
  ) => ({
    status: 'CONFIRMED' as CollectionStatus,
    date: TODAY,
    version: 3,
    hasReport: false,
    ...over,
  });
  const mark = (over: Partial<{ baseVersion: number; baseDate: string; result: DriverMarkResult }> = {}) => ({
    baseVersion: 3,
    baseDate: TODAY,
    result: 'COLLECTED' as DriverMarkResult,
    ...over,
  });

  it.each<[string, ReturnType<typeof target>, ReturnType<typeof mark>, string | null]>([
    ['a confirmed stop of today as the phone saw it', target({}), mark(), null],
    [
      'a stop of yesterday marked late',
      target({ date: '2027-03-09' }),
      mark({ baseDate: '2027-03-09' }),
      null,
    ],
    ['collected although a report covers the day', target({ hasReport: true }), mark(), null],
    [
      'cancelled by the discharger',
      target({ status: 'CANCELLED', version: 4 }),
      mark(),
      'driver_mark_stop_cancelled',
    ],
    ['returned by the office', target({ status: 'RETURNED' }), mark(), 'driver_mark_stop_cancelled'],
    ['skipped (a closed day)', target({ status: 'SKIPPED' }), mark(), 'driver_mark_stop_cancelled'],
    ['moved to another day', target({ date: '2027-03-11', version: 4 }), mark(), 'driver_mark_stop_moved'],
    [
      'marked on the phone a day early',
      target({ date: '2027-03-11' }),
      mark({ baseDate: '2027-03-11' }),
      'driver_mark_too_early',
    ],
    [
      'the office marked it collected',
      target({ status: 'COLLECTED', version: 4 }),
      mark(),
      'driver_mark_already_marked',
    ],
    [
      'the office marked it not collected',
      target({ status: 'NOT_COLLECTED' }),
      mark(),
      'driver_mark_already_marked',
    ],
    ['back in adjustment', target({ status: 'ADJUSTING', version: 4 }), mark(), 'driver_mark_stop_changed'],
    ['changed and confirmed again', target({ version: 5 }), mark(), 'driver_mark_stop_changed'],
    [
      'not collected when a report covers the day',
      target({ hasReport: true }),
      mark({ result: 'NOT_COLLECTED' }),
      'collection_has_report',
    ],
  ])('%s -> %s', (_name, t, m, expected) => {
    expect(markConflict(t, m, TODAY)).toBe(expected);
  });
});

describe('canApplyMark', () => {
  const stop = (status: CollectionStatus, date = TODAY, hasReport = false) => ({ status, date, hasReport });
  it.each<[string, ReturnType<typeof stop>, DriverMarkResult, boolean]>([
    ['a confirmed stop of today, collected', stop('CONFIRMED'), 'COLLECTED', true],
    ['a confirmed stop of yesterday, not collected', stop('CONFIRMED', '2027-03-09'), 'NOT_COLLECTED', true],
    ['a stop the office marked not collected, collected after all', stop('NOT_COLLECTED'), 'COLLECTED', true],
    ['a stop the office marked collected, not collected', stop('COLLECTED'), 'NOT_COLLECTED', true],
    ['a stop already collected, collected again', stop('COLLECTED'), 'COLLECTED', false],
    ['not collected over a report', stop('COLLECTED', TODAY, true), 'NOT_COLLECTED', false],
    ['collected over a report', stop('NOT_COLLECTED', TODAY, true), 'COLLECTED', true],
    ['a stop moved to tomorrow', stop('CONFIRMED', '2027-03-11'), 'COLLECTED', false],
    ['a cancelled stop', stop('CANCELLED'), 'COLLECTED', false],
    ['a returned stop', stop('RETURNED'), 'COLLECTED', false],
    ['a stop in adjustment', stop('ADJUSTING'), 'COLLECTED', false],
    ['a desired date', stop('DESIRED_DATE'), 'COLLECTED', false],
  ])('%s -> %s', (_name, target, result, expected) => {
    expect(canApplyMark(target, result, TODAY)).toBe(expected);
  });
});

describe('compareStops', () => {
  const s = (id: number, areaName: string | null, stopOrder: number | null, date = TODAY): OrderedStop => ({
    id,
    areaName,
    stopOrder,
    date,
  });

  it('orders by day, then area (none last, in Japanese order), then the round, then the id', () => {
    const stops = [
      s(1, null, 1),
      s(2, '銀座・京橋', null),
      s(3, '銀座・京橋', 2),
      s(4, 'あおば', 5),
      s(5, '銀座・京橋', 1),
      s(6, 'あおば', 5),
      s(7, null, null, '2027-03-09'),
      s(8, 'あおば', 1, '2027-03-11'),
    ];
    expect([...stops].sort(compareStops).map((x) => x.id)).toEqual([7, 4, 6, 5, 3, 2, 1, 8]);
  });

  it('is symmetric', () => {
    const a = s(1, 'A', 1);
    const b = s(2, 'A', null);
    expect(compareStops(a, b)).toBeLessThan(0);
    expect(compareStops(b, a)).toBeGreaterThan(0);
    expect(compareStops(a, a)).toBe(0);
  });
});

describe('monthDraft', () => {
  const line = (wasteLineId: number, over: Partial<MarkLine> = {}): MarkLine => ({
    wasteLineId,
    bags: {},
    weightKg: null,
    volume: null,
    ...over,
  });
  const mark = (
    lines: MarkLine[],
    result: DriverMarkResult = 'COLLECTED',
    state: DriverMarkState = 'APPLIED',
  ) => ({
    result,
    state,
    lines,
  });
  // Lines 11 and 12 are the project's 可燃ごみ (waste 1) and 段ボール (waste 2); 13 is no line of it.
  const wasteOfLine = new Map([
    [11, 1],
    [12, 2],
  ]);

  it('sums the weights and bags of standing collected marks per waste', () => {
    const draft = monthDraft(
      [
        mark([line(11, { weightKg: 0.1, bags: { '45': 2 } }), line(12, { bags: { '70': 1, '45': 0 } })]),
        mark([line(11, { weightKg: 0.2, bags: { '45': 1, '90': 3 } })], 'COLLECTED', 'RESOLVED_APPLIED'),
        mark([line(11, { bags: { '45': 5 } })]),
      ],
      wasteOfLine,
    );
    expect(Object.fromEntries(draft)).toEqual({
      1: { weightKg: 0.3, weighed: 2, bags: { '45': 8, '90': 3 } },
      2: { weightKg: 0, weighed: 0, bags: { '70': 1 } },
    });
  });

  it('leaves out marks not collected, conflicts, discarded marks and lines of other wastes', () => {
    const draft = monthDraft(
      [
        mark([line(11, { weightKg: 5 })], 'NOT_COLLECTED'),
        mark([line(11, { weightKg: 6 })], 'COLLECTED', 'CONFLICT'),
        mark([line(11, { weightKg: 7 })], 'COLLECTED', 'DISCARDED'),
        mark([line(13, { weightKg: 8, bags: { '45': 1 } })]),
      ],
      wasteOfLine,
    );
    expect(draft.size).toBe(0);
  });

  it('keeps weights to the hundredth across many marks', () => {
    const marks = Array.from({ length: 30 }, () => mark([line(12, { weightKg: 12.34 })]));
    expect(monthDraft(marks, wasteOfLine).get(2)).toEqual({ weightKg: 370.2, weighed: 30, bags: {} });
  });
});
