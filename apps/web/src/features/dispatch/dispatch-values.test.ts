import { describe, expect, it } from 'vitest';
import {
  areaSelection,
  assignBody,
  canStep,
  groupByArea,
  isAssignable,
  isOrderChanged,
  moveStopTo,
  orderStops,
  parseDispatchDate,
  selectArea,
  selectStop,
  shiftDay,
  stepStop,
  stopsOverLimit,
  vehicleAfterDriver,
} from './dispatch-values';

// The server's order: 中央区 (1, 2, 3), 港区 (4, 5), then outside the areas (6).
const stops = [
  { id: 1, areaName: '中央区' },
  { id: 2, areaName: '中央区' },
  { id: 3, areaName: '中央区' },
  { id: 4, areaName: '港区' },
  { id: 5, areaName: '港区' },
  { id: 6, areaName: null },
];
const ids = (list: { id: number }[]) => list.map((s) => s.id);

describe('groupByArea', () => {
  it('keeps the areas and stops in the order given, outside the areas as its own group', () => {
    expect(groupByArea(stops).map((g) => [g.areaName, ids(g.stops)])).toEqual([
      ['中央区', [1, 2, 3]],
      ['港区', [4, 5]],
      [null, [6]],
    ]);
  });
});

describe('the round order', () => {
  it('moves a stop within its area, never into another', () => {
    expect(moveStopTo(stops, 3, 1)).toEqual([3, 1, 2, 4, 5, 6]);
    expect(moveStopTo(stops, 1, 3)).toEqual([2, 3, 1, 4, 5, 6]);
    expect(moveStopTo(stops, 3, 4)).toBeNull();
    expect(moveStopTo(stops, 3, 3)).toBeNull();
    expect(moveStopTo(stops, 99, 1)).toBeNull();
  });

  it('steps up and down within the area, stopping at its edges', () => {
    expect(stepStop(stops, 2, -1)).toEqual([2, 1, 3, 4, 5, 6]);
    expect(stepStop(stops, 4, 1)).toEqual([1, 2, 3, 5, 4, 6]);
    expect(stepStop(stops, 1, -1)).toBeNull();
    expect(stepStop(stops, 3, 1)).toBeNull();
    expect(stepStop(stops, 6, -1)).toBeNull();
    expect([canStep(stops, 4, -1), canStep(stops, 5, -1), canStep(stops, 5, 1)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("shows the office's order, and stops added since after the known ones of their area", () => {
    const order = [3, 1, 2, 5, 4, 6];
    expect(ids(orderStops(stops, order))).toEqual([3, 1, 2, 5, 4, 6]);
    expect(ids(orderStops(stops, null))).toEqual([1, 2, 3, 4, 5, 6]);
    const more = [...stops.slice(0, 3), { id: 7, areaName: '中央区' }, ...stops.slice(3)];
    expect(ids(orderStops(more, order))).toEqual([3, 1, 2, 7, 5, 4, 6]);
    // A stop gone since is simply not shown.
    expect(ids(orderStops(stops.slice(1), order))).toEqual([3, 2, 5, 4, 6]);
  });

  it("tells an order that differs from the server's", () => {
    expect(isOrderChanged(stops, orderStops(stops, [1, 2, 3, 4, 5, 6]))).toBe(false);
    expect(isOrderChanged(stops, orderStops(stops, [2, 1, 3, 4, 5, 6]))).toBe(true);
  });
});

describe('the day', () => {
  it('reads a real date from the address, else today', () => {
    expect(parseDispatchDate('2026-02-28', '2026-05-01')).toBe('2026-02-28');
    expect(parseDispatchDate('2026-02-30', '2026-05-01')).toBe('2026-05-01');
    expect(parseDispatchDate('2026-2-3', '2026-05-01')).toBe('2026-05-01');
    expect(parseDispatchDate('1999-12-31', '2026-05-01')).toBe('2026-05-01');
    expect(parseDispatchDate(null, '2026-05-01')).toBe('2026-05-01');
  });

  it('moves a day at a time across months and years', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('selection', () => {
  // 中央区: two stops still to happen and one collected already.
  const area = {
    key: 'area:中央区',
    areaName: '中央区',
    stops: [
      { id: 1, areaName: '中央区', status: 'CONFIRMED' },
      { id: 2, areaName: '中央区', status: 'DESIRED_DATE' },
      { id: 3, areaName: '中央区', status: 'COLLECTED' },
    ],
  } as const;
  const group = { ...area, stops: [...area.stops] };

  it('chooses and lets go of a whole area, only its stops still to happen', () => {
    const all = selectArea(new Set([6]), group, true);
    expect([...all].sort()).toEqual([1, 2, 6]);
    expect(areaSelection(group, all)).toEqual({ checked: true, indeterminate: false, selectable: true });
    expect([...selectArea(all, group, false)]).toEqual([6]);
  });

  it('shows an area partly chosen', () => {
    const some = selectStop(new Set(), 2, true);
    expect(areaSelection(group, some)).toEqual({ checked: false, indeterminate: true, selectable: true });
    expect(areaSelection(group, selectStop(some, 2, false))).toEqual({
      checked: false,
      indeterminate: false,
      selectable: true,
    });
  });

  it('has nothing to choose in an area done already', () => {
    const done = { ...group, stops: [{ id: 3, areaName: '中央区', status: 'NOT_COLLECTED' as const }] };
    expect(areaSelection(done, new Set())).toEqual({
      checked: false,
      indeterminate: false,
      selectable: false,
    });
    expect(isAssignable({ status: 'ADJUSTING' })).toBe(true);
    expect(isAssignable({ status: 'COLLECTED' })).toBe(false);
  });
});

describe('assignment', () => {
  const drivers = [
    { id: 10, vehicleId: 3 },
    { id: 11, vehicleId: null },
  ];
  it("brings the driver's usual vehicle unless one is chosen", () => {
    expect(vehicleAfterDriver(drivers, 10, null)).toBe(3);
    expect(vehicleAfterDriver(drivers, 10, 5)).toBe(5);
    expect(vehicleAfterDriver(drivers, 11, null)).toBeNull();
    expect(vehicleAfterDriver(drivers, null, null)).toBeNull();
  });

  it('builds the body', () => {
    expect(assignBody([1, 2], 10, null)).toEqual({
      collectionIds: [1, 2],
      driverUserId: 10,
      vehicleId: null,
    });
  });
});

describe('stopsOverLimit', () => {
  const limits = [
    { vehicleLimit: 'NONE' },
    { vehicleLimit: 'T2' },
    { vehicleLimit: 'T4' },
    { vehicleLimit: 'LIGHT' },
  ] as const;
  it.each([
    ['LIGHT', 0],
    ['T2', 1],
    ['T4', 2],
    ['T10', 3],
    [null, 0],
  ] as const)('a %s vehicle is too large for %i of the stops', (vehicleClass, count) => {
    expect(stopsOverLimit(limits, vehicleClass)).toBe(count);
  });
});
