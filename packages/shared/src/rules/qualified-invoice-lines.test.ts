import { describe, expect, it } from 'vitest';
import {
  type BillingIndustrialReport,
  MANIFEST_FEE_KEY,
  type MonthBillingInput,
  monthBillLines,
} from './qualified-invoice-lines';

const period = { from: '2026-05-01', to: '2026-05-31' };
const plastic = {
  id: 11,
  kind: 'INDUSTRIAL' as const,
  wasteId: 5,
  wasteName: '廃プラスチック類',
  unit: 'kg',
};
const burnable = { id: 12, kind: 'REGULAR' as const, wasteId: 7, wasteName: '可燃ごみ', unit: 'kg' };
const report = (over: Partial<BillingIndustrialReport>): BillingIndustrialReport => ({
  wasteLineId: plastic.id,
  wasteId: plastic.wasteId,
  wasteName: plastic.wasteName,
  manifestNumber: null,
  date: '2026-05-10',
  volume: '100',
  unit: 'kg',
  ...over,
});
const bill = (over: Partial<MonthBillingInput>) =>
  monthBillLines({
    wasteLines: [plastic, burnable],
    unitPrices: new Map([
      [plastic.id, 30],
      [burnable.id, 20],
    ]),
    manifestFee: 0,
    period,
    settled: [],
    regular: [],
    unsettledCount: 0,
    ...over,
  });

describe('a month’s qualified-invoice lines', () => {
  it('sums a waste line’s reports at the contract price over their dates, and bills each manifest once', () => {
    const { lines, flags } = bill({
      manifestFee: 300,
      settled: [
        report({ volume: '100.5', date: '2026-05-20', manifestNumber: 'M1' }),
        report({ volume: 200, date: '2026-05-03', manifestNumber: 'M2' }),
        report({ volume: '0.25', date: '2026-05-03', manifestNumber: 'M2' }),
      ],
    });
    expect(flags).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({
        key: `waste-${plastic.id}`,
        kind: 'WASTE',
        description: '廃プラスチック類',
        quantity: '300.75',
        reportedQuantity: '300.75',
        unit: 'kg',
        unitPrice: 30,
        // 300.75 kg × 30 yen = 9,022.5 yen: a line's amount is rounded to the yen.
        amount: 9023,
        taxRate: 10,
        dateFrom: '2026-05-03',
        dateTo: '2026-05-20',
      }),
      expect.objectContaining({
        key: MANIFEST_FEE_KEY,
        kind: 'MANIFEST_FEE',
        quantity: '2',
        unit: '件',
        unitPrice: 300,
        amount: 600,
        dateFrom: '2026-05-03',
        dateTo: '2026-05-20',
      }),
    ]);
  });

  it('bills a regular report in kg over the whole month', () => {
    const { lines } = bill({ regular: [{ wasteId: 7, wasteName: '可燃ごみ', volume: '55' }] });
    expect(lines).toEqual([
      expect.objectContaining({
        key: `waste-${burnable.id}`,
        quantity: '55',
        amount: 1100,
        ...{ dateFrom: period.from, dateTo: period.to },
      }),
    ]);
  });

  it.each([
    {
      case: 'a unit other than the contract price’s',
      over: { settled: [report({ unit: 'm3', volume: '2' })] },
      flag: { code: 'UNIT_MISMATCH', reportedUnit: 'm3', contractUnit: 'kg', quantity: '2', reportCount: 1 },
    },
    {
      case: 'a waste line without a contract price',
      over: { unitPrices: new Map<number, number>(), settled: [report({})] },
      flag: {
        code: 'NO_CONTRACT_PRICE',
        description: '廃プラスチック類',
        unit: 'kg',
        quantity: '100',
        reportCount: 1,
      },
    },
    {
      case: 'a report of a waste two lines share (no line is guessed)',
      over: {
        wasteLines: [plastic, { ...plastic, id: 13 }],
        settled: [report({ wasteLineId: null })],
      },
      flag: { code: 'NO_CONTRACT_PRICE', description: '廃プラスチック類', quantity: '100' },
    },
  ])('leaves out and flags $case', ({ over, flag }) => {
    const { lines, flags } = bill(over);
    expect(lines).toEqual([]);
    expect(flags).toEqual([expect.objectContaining(flag)]);
  });

  it('finds a report’s line by its waste when the report names none and one line has that waste', () => {
    const { lines } = bill({ settled: [report({ wasteLineId: null })] });
    expect(lines.map((l) => l.key)).toEqual([`waste-${plastic.id}`]);
  });

  it('flags reports awaiting a decision, and a month with no report', () => {
    expect(bill({ unsettledCount: 2 }).flags).toEqual([
      { code: 'REPORTS_NOT_SETTLED', count: 2 },
      { code: 'NO_APPROVED_REPORTS' },
    ]);
  });

  it('keeps the project’s line order, whatever the reports’ order', () => {
    const { lines } = bill({
      settled: [report({})],
      regular: [{ wasteId: 7, wasteName: '可燃ごみ', volume: '1' }],
      wasteLines: [burnable, plastic],
    });
    expect(lines.map((l) => l.key)).toEqual([`waste-${burnable.id}`, `waste-${plastic.id}`]);
  });
});
