import type { DriverDay, DriverStop } from '@junkan/shared/api/drivers';
import { describe, expect, it } from 'vitest';
import {
  afterMark,
  afterRefusal,
  failureKind,
  finishedItems,
  itemsByStop,
  listedItems,
  newOutboxItem,
  nextSeq,
  type OutboxItem,
  type OutboxStatus,
  pendingItems,
  retryDelayMs,
  withoutPhoto,
} from './mark-queue';

function item(seq: number, collectionId: number, status: OutboxStatus = 'WAITING', date = '2026-05-01') {
  const base = newOutboxItem({
    userId: 1,
    seq,
    stop: { collectionId, date, siteName: 's', address: '' },
    body: {
      clientId: `c-${seq}`,
      collectionId,
      baseVersion: 1,
      baseDate: date,
      result: 'COLLECTED',
      markedAt: '2026-05-01T10:00:00+09:00',
    },
    hasPhoto: false,
  });
  return { ...base, status };
}

function day(today: string, stops: [number, DriverStop['lastMark']][]): DriverDay {
  return {
    today,
    to: today,
    driver: { userName: 'd', vehicleName: null },
    stops: stops.map(([id, lastMark]) => ({ id, lastMark }) as DriverStop),
  };
}

const mark = (state: NonNullable<DriverStop['lastMark']>['state']) => ({
  result: 'COLLECTED' as const,
  state,
  markedAt: '2026-05-01T01:00:00.000Z',
});

describe('what a failure means for the queue', () => {
  it.each([
    [0, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [401, 'signIn'],
    [400, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [409, 'refused'],
    [413, 'refused'],
  ] as const)('status %i: %s', (status, kind) => {
    expect(failureKind(status)).toBe(kind);
  });

  it('waits 2 s after the first failure, doubling up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('an item through its answers', () => {
  const answer = (state: 'APPLIED' | 'CONFLICT', hasPhoto: boolean) => ({
    clientId: 'c-1',
    markId: 1,
    state,
    conflictCode: state === 'CONFLICT' ? 'driver_mark_stop_moved' : null,
    collectionStatus: 'CONFIRMED' as const,
    hasPhoto,
  });

  it('goes on to its photo, unless the server has it already', () => {
    const withPhoto = { ...item(1, 10), hasPhoto: true };
    expect(afterMark(withPhoto, answer('APPLIED', false)).status).toBe('PHOTO');
    expect(afterMark(withPhoto, answer('APPLIED', true)).status).toBe('DONE');
    expect(afterMark(item(1, 10), answer('CONFLICT', false)).status).toBe('CONFLICT');
  });

  it('says which call was refused', () => {
    expect(afterRefusal(item(1, 10), { code: 'validation_error' }).failure?.phase).toBe('mark');
    const refusedPhoto = afterRefusal(item(1, 10, 'PHOTO'), { code: 'file_too_large' });
    expect(refusedPhoto.failure).toEqual({ code: 'file_too_large', fields: {}, phase: 'photo' });
    // Without its photo the stored mark settles with the state the server gave it.
    const settled = withoutPhoto({ ...refusedPhoto, answer: { state: 'CONFLICT', conflictCode: 'x' } });
    expect(settled).toMatchObject({ status: 'CONFLICT', hasPhoto: false, failure: null });
  });
});

describe('the lists of the queue', () => {
  const items: OutboxItem[] = [
    item(3, 30, 'PHOTO'),
    item(1, 10, 'DONE'),
    item(2, 20, 'FAILED'),
    item(4, 40),
    item(5, 50, 'CONFLICT'),
  ];

  it('sends waiting items and photos in the order they were made', () => {
    expect(pendingItems(items).map((i) => i.seq)).toEqual([3, 4]);
    expect(nextSeq(items)).toBe(6);
    expect(nextSeq([])).toBe(1);
  });

  it('lists everything the driver still has to see: waiting, refused and conflicting', () => {
    expect(listedItems(items).map((i) => i.status)).toEqual(['FAILED', 'PHOTO', 'WAITING', 'CONFLICT']);
  });

  it("shows a stop's latest item (a corrected mark over the refused one)", () => {
    const byStop = itemsByStop([item(7, 10, 'WAITING'), item(2, 10, 'FAILED')]);
    expect(byStop.get(10)?.seq).toBe(7);
  });
});

describe('items whose work is over', () => {
  it('drops a sent mark once the day shows its stop marked, or the stop left a past day', () => {
    const items = [
      item(1, 10, 'DONE'),
      item(2, 20, 'DONE'),
      item(3, 30, 'DONE'),
      item(4, 40, 'DONE', '2026-05-02'),
    ];
    expect(
      finishedItems(
        items,
        day('2026-05-02', [
          [10, mark('APPLIED')],
          [20, null],
        ]),
      ),
    ).toEqual(['c-1', 'c-3']);
  });

  it('keeps a conflict until the office decides it, or a week after its day', () => {
    const items = [
      item(1, 10, 'CONFLICT'),
      item(2, 20, 'CONFLICT'),
      item(3, 30, 'CONFLICT'),
      item(4, 40, 'CONFLICT', '2026-04-20'),
      item(5, 50, 'CONFLICT', '2026-04-25'),
    ];
    const today = day('2026-05-02', [
      [10, mark('CONFLICT')],
      [20, mark('DISCARDED')],
      [30, mark('RESOLVED_APPLIED')],
    ]);
    expect(finishedItems(items, today)).toEqual(['c-2', 'c-3', 'c-4']);
  });

  it('never drops a waiting or refused mark', () => {
    const items = [
      item(1, 10, 'WAITING', '2026-01-01'),
      item(2, 20, 'FAILED', '2026-01-01'),
      item(3, 30, 'PHOTO'),
    ];
    expect(finishedItems(items, day('2026-05-02', [[30, mark('APPLIED')]]))).toEqual([]);
  });
});
