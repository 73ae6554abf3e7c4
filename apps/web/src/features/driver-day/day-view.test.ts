import type { DriverStop } from '@junkan/shared/api/drivers';
import { describe, expect, it } from 'vitest';
import { groupStops, stopState, weekdayOf } from './day-view';
import { newOutboxItem, type OutboxItem, type OutboxStatus } from './mark-queue';

const stop = (id: number, date: string, extra: Partial<DriverStop> = {}) =>
  ({ id, date, status: 'CONFIRMED', lastMark: null, ...extra }) as DriverStop;

const item = (status: OutboxStatus, answer: OutboxItem['answer'] = null): OutboxItem => ({
  ...newOutboxItem({
    userId: 1,
    seq: 1,
    stop: { collectionId: 1, date: '2026-05-01', siteName: '', address: '' },
    body: {
      clientId: 'c',
      collectionId: 1,
      baseVersion: 1,
      baseDate: '2026-05-01',
      result: 'NOT_COLLECTED',
      markedAt: '',
    },
    hasPhoto: false,
  }),
  status,
  answer,
});

describe("the driver's day", () => {
  it('groups the stops by date: today, tomorrow, later days, then a past day kept on the phone', () => {
    const stops = [
      stop(1, '2026-05-03'),
      stop(2, '2026-05-01'),
      stop(3, '2026-04-30'),
      stop(4, '2026-05-02'),
      stop(5, '2026-05-01'),
    ];
    expect(groupStops(stops, '2026-05-01').map((g) => [g.date, g.when, g.stops.map((s) => s.id)])).toEqual([
      ['2026-05-01', 'today', [2, 5]],
      ['2026-05-02', 'tomorrow', [4]],
      ['2026-05-03', 'later', [1]],
      ['2026-04-30', 'past', [3]],
    ]);
  });

  it('names the weekday of a date', () => {
    expect(['2026-11-29', '2026-11-30', '2026-12-05'].map(weekdayOf)).toEqual([0, 1, 6]);
  });

  it('crosses a month end for tomorrow', () => {
    expect(groupStops([stop(1, '2026-06-01')], '2026-05-31')[0]?.when).toBe('tomorrow');
  });
});

describe("a stop's state", () => {
  const today = '2026-05-01';
  it('is open on its day, later before it', () => {
    expect(stopState(stop(1, today), undefined, today)).toEqual({ kind: 'open' });
    expect(stopState(stop(1, '2026-05-02'), undefined, today)).toEqual({ kind: 'later' });
  });

  it("shows the phone's mark first: waiting, refused or kept as a conflict with its code", () => {
    expect(stopState(stop(1, today), item('WAITING'), today).kind).toBe('queued');
    expect(stopState(stop(1, today), item('PHOTO'), today).kind).toBe('queued');
    expect(stopState(stop(1, today), item('FAILED'), today).kind).toBe('failed');
    expect(
      stopState(
        stop(1, today),
        item('CONFLICT', { state: 'CONFLICT', conflictCode: 'driver_mark_stop_moved' }),
        today,
      ),
    ).toEqual({ kind: 'conflict', result: 'NOT_COLLECTED', code: 'driver_mark_stop_moved' });
  });

  it("shows the server's mark, then one the phone sent, then the office's own record", () => {
    const marked = stop(1, today, {
      status: 'COLLECTED',
      lastMark: { result: 'COLLECTED', state: 'RESOLVED_APPLIED', markedAt: '' },
    });
    expect(stopState(marked, undefined, today)).toEqual({
      kind: 'sent',
      result: 'COLLECTED',
      state: 'RESOLVED_APPLIED',
    });
    const conflict = stop(1, today, { lastMark: { result: 'COLLECTED', state: 'CONFLICT', markedAt: '' } });
    expect(stopState(conflict, undefined, today)).toEqual({
      kind: 'conflict',
      result: 'COLLECTED',
      code: null,
    });
    const sent = item('DONE', { state: 'APPLIED', conflictCode: null });
    expect(stopState(stop(1, today), sent, today)).toEqual({
      kind: 'sent',
      result: 'NOT_COLLECTED',
      state: 'APPLIED',
    });
    expect(stopState(stop(1, today, { status: 'NOT_COLLECTED' }), undefined, today)).toEqual({
      kind: 'office',
      status: 'NOT_COLLECTED',
    });
  });
});
