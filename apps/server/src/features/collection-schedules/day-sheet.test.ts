import { describe, expect, it } from 'vitest';
import { groupDaySheet } from './day-sheet.service';
import type { ScheduleRow } from './schedule-rows';

const row = (
  id: number,
  over: Partial<ScheduleRow> & { siteName?: string; postalCode?: string },
): ScheduleRow => ({
  id,
  date: '2026-11-25',
  status: 'CONFIRMED',
  version: 1,
  updatedAt: new Date(0),
  project: { id: 1, title: 'p', type: 'REGULAR' },
  discharger: { id: 1, name: 'd' },
  transporter: { id: 2, name: 't' },
  site: {
    name: over.siteName ?? `site ${id}`,
    postalCode: over.postalCode ?? '100-0001',
    address1: '',
    address2: '',
    address3: '',
    tel: '',
    pic: '',
  },
  vehicleLimit: 'NONE',
  entryFrom: null,
  entryUntil: null,
  memo: null,
  lines: [],
  ...over,
});

describe('groupDaySheet', () => {
  it('groups by area name (outside any area last) and vehicle limit, earliest entry first', () => {
    const areas: Record<string, string> = {
      'REGULAR:100-0001': '千代田',
      'INDUSTRIAL:100-0001': '千代田（産廃）',
      'REGULAR:104-0061': '中央',
    };
    const areaOf = (type: string, code: string) =>
      areas[`${type}:${code}`] ?? (code === '100-0001' ? '千代田' : null);
    const groups = groupDaySheet(
      [
        row(1, { postalCode: '999-9999' }),
        row(2, { postalCode: '104-0061', vehicleLimit: 'T4' }),
        row(3, { postalCode: '104-0061', entryFrom: '09:00' }),
        row(4, { postalCode: '104-0061', entryFrom: '07:30', siteName: 'b' }),
        row(5, { postalCode: '104-0061', siteName: 'a' }),
        row(6, { postalCode: '100-0001', project: { id: 2, title: 'q', type: 'INDUSTRIAL' } }),
        row(7, { postalCode: '999-9999', vehicleLimit: 'LIGHT' }),
      ],
      areaOf,
    );
    expect(groups.map((g) => [g.areaName, g.vehicleLimit, g.rows.map((r) => r.id)])).toEqual([
      ['千代田（産廃）', 'NONE', [6]],
      ['中央', 'NONE', [4, 3, 5]],
      ['中央', 'T4', [2]],
      [null, 'NONE', [1]],
      [null, 'LIGHT', [7]],
    ]);
  });
});
