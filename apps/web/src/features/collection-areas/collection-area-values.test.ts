import type { CollectionArea } from '@junkan/shared/api/collection-areas';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  ANY_WASTE,
  emptyPriceRow,
  isRepeatedPosCode,
  overlapsAnotherRow,
  type PriceRow,
  toFormValues,
  toRequest,
} from './collection-area-values';

const row = (wasteId: number, from: string, to: string | null): PriceRow => ({
  wasteId,
  unitPrice: 100,
  validFrom: dayjs(from),
  validTo: to ? dayjs(to) : null,
});

describe('collection area values', () => {
  it('starts a new area with one empty postal code and no prices', () => {
    expect(toFormValues(null)).toEqual({
      areaName: '',
      licenseNumber: '',
      administrativeDistrict: '',
      posCodes: [''],
      prices: [],
    });
    expect(emptyPriceRow()).toMatchObject({ wasteId: ANY_WASTE, unitPrice: null, validFrom: null });
  });

  it('fills the form from an area and sends it back the same', () => {
    const area = {
      id: 5,
      areaName: '北区',
      licenseNumber: 'L-1',
      administrativeDistrict: '東京都',
      posCodes: [],
      prices: [
        { id: 9, wasteId: null, unitMeasureId: 2, unitPrice: 1200, validFrom: '2026-04-01', validTo: null },
        {
          id: 10,
          wasteId: 3,
          unitMeasureId: null,
          unitPrice: 0,
          validFrom: '2026-04-01',
          validTo: '2026-09-30',
        },
      ],
    } as unknown as CollectionArea;
    const values = toFormValues(area);
    expect(values.posCodes).toEqual(['']);
    expect(values.prices[0]?.wasteId).toBe(ANY_WASTE);
    const body = toRequest({ ...values, areaName: ' 北区 ', posCodes: ['123-4567'] }, 'REGULAR');
    expect(body).toMatchObject({
      areaName: '北区',
      type: 'REGULAR',
      licenseNumber: 'L-1',
      posCodes: ['123-4567'],
    });
    expect(body.prices).toEqual([
      { id: 9, wasteId: null, unitMeasureId: 2, unitPrice: 1200, validFrom: '2026-04-01', validTo: null },
      {
        id: 10,
        wasteId: 3,
        unitMeasureId: null,
        unitPrice: 0,
        validFrom: '2026-04-01',
        validTo: '2026-09-30',
      },
    ]);
  });

  it('finds a postal code typed twice on the later row only', () => {
    const all = ['111-1111', '222-2222', '111-1111'];
    expect(isRepeatedPosCode(all, '111-1111', 0)).toBe(false);
    expect(isRepeatedPosCode(all, '222-2222', 1)).toBe(false);
    expect(isRepeatedPosCode(all, '111-1111', 2)).toBe(true);
  });

  it('refuses overlapping periods of the same waste only', () => {
    const rows = [row(3, '2026-04-01', '2026-06-30'), row(3, '2026-06-01', null), row(4, '2026-04-01', null)];
    expect(overlapsAnotherRow(rows, 0)).toBe(true);
    expect(overlapsAnotherRow(rows, 1)).toBe(true);
    expect(overlapsAnotherRow(rows, 2)).toBe(false);
    const apart = [row(3, '2026-04-01', '2026-05-31'), row(3, '2026-06-01', null)];
    expect(overlapsAnotherRow(apart, 1)).toBe(false);
    expect(overlapsAnotherRow([{ wasteId: 3 }, row(3, '2026-06-01', null)], 0)).toBe(false);
  });
});
