import type { ProjectDetail } from '@junkan/shared/api/projects';
import type { QuoteSuggestion } from '@junkan/shared/api/quotes';
import { describe, expect, it } from 'vitest';
import {
  buildQuoteInput,
  initialQuoteValues,
  linePriceUnit,
  pricingChangeValues,
  pricingOptions,
  type QuoteFormValues,
  requestLines,
  startingQuantity,
  suggestionsByLine,
  typedQuoteTotals,
} from './create-quote-values';

// Keys stand for their texts, with their values, so the test sees what each summary part says.
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key;

const project = {
  pwasteRegulars: [
    {
      id: 11,
      waste: { id: 1, name: '可燃ごみ' },
      monthlyCapacity: 120,
      bags: { '45': 3 },
      collectionCount: 2,
      weekdays: [1, 4],
    },
    {
      id: 12,
      waste: { id: 2, name: '不燃ごみ' },
      monthlyCapacity: null,
      bags: {},
      collectionCount: null,
      weekdays: [],
    },
  ],
  pwasteIndustries: [
    {
      id: 21,
      waste: { id: 3, name: '廃プラスチック類' },
      quantity: 2.5,
      measureUnit: { id: 5, unit: 'm3' },
      packing: { id: 7, style: 'フレコン' },
      dimensions: null,
      frequency: 'MONTHLY',
      frequencyNumber: 2,
      transTime: null,
      wasteDetails: '破砕済み',
    },
    {
      id: 22,
      waste: { id: 4, name: '汚泥' },
      quantity: null,
      measureUnit: null,
      packing: null,
      dimensions: null,
      frequency: 'SPOT',
      frequencyNumber: null,
      transTime: null,
      wasteDetails: null,
    },
  ],
} as unknown as ProjectDetail;

const suggestion: QuoteSuggestion = {
  lines: [
    {
      wasteLineId: 11,
      kind: 'REGULAR',
      unitPrice: 40,
      disposalUnitPrice: null,
      unitMeasure: null,
      quantity: 120,
    },
    {
      wasteLineId: 21,
      kind: 'INDUSTRIAL',
      unitPrice: 1500,
      disposalUnitPrice: 2000,
      unitMeasure: { id: 5, unit: 'm3' },
      quantity: 2.5,
    },
    {
      wasteLineId: 22,
      kind: 'INDUSTRIAL',
      unitPrice: null,
      disposalUnitPrice: null,
      unitMeasure: null,
      quantity: null,
    },
  ],
};

const lines = requestLines(project, t);
const suggested = suggestionsByLine(suggestion);

describe('requestLines', () => {
  it('lists regular lines in kg, then industrial lines in their unit, each with its summary', () => {
    expect(lines).toEqual([
      {
        id: 11,
        kind: 'REGULAR',
        wasteName: '可燃ごみ',
        summary:
          'quotes.summary.capacity{"kg":120} / quotes.summary.bag{"size":"45","n":3} / quotes.summary.weekly{"n":2}',
        unit: 'kg',
        bags: { '45': 3 },
        monthlyCapacity: 120,
        collectionCount: 2,
      },
      {
        id: 12,
        kind: 'REGULAR',
        wasteName: '不燃ごみ',
        summary: '',
        unit: 'kg',
        bags: {},
        monthlyCapacity: null,
        collectionCount: null,
      },
      {
        id: 21,
        kind: 'INDUSTRIAL',
        wasteName: '廃プラスチック類',
        summary:
          'units.quantity{"quantity":"2.5","unit":"m³"} / フレコン / quotes.summary.MONTHLY{"n":2} / 破砕済み',
        unit: 'm3',
        bags: {},
        monthlyCapacity: null,
        collectionCount: null,
      },
      {
        id: 22,
        kind: 'INDUSTRIAL',
        wasteName: '汚泥',
        summary: 'quotes.summary.SPOT{"n":""}',
        unit: '',
        bags: {},
        monthlyCapacity: null,
        collectionCount: null,
      },
    ]);
  });
});

describe('initialQuoteValues', () => {
  it('starts from the suggested prices and quantities, empty where there is none', () => {
    expect(initialQuoteValues('REGULAR', lines, suggested)).toEqual({
      contractForm: undefined,
      lines: [
        {
          pricing: 'QUANTITY',
          unitPrice: 40,
          transportUnitPrice: 40,
          disposalUnitPrice: null,
          quantity: '120',
        },
        {
          pricing: 'QUANTITY',
          unitPrice: null,
          transportUnitPrice: null,
          disposalUnitPrice: null,
          quantity: '',
        },
        {
          pricing: 'QUANTITY',
          unitPrice: 1500,
          transportUnitPrice: 1500,
          disposalUnitPrice: 2000,
          quantity: '2.5',
        },
        {
          pricing: 'QUANTITY',
          unitPrice: null,
          transportUnitPrice: null,
          disposalUnitPrice: null,
          quantity: '',
        },
      ],
      validUntil: null,
      note: '',
    });
  });

  it('quotes an industrial request for transport and disposal together by default', () => {
    expect(initialQuoteValues('INDUSTRIAL', lines, suggested).contractForm).toBe('COMBINED');
  });
});

describe('typedQuoteTotals', () => {
  it('prices each line, reading separators, and counts what is not a number yet as 0', () => {
    const totals = typedQuoteTotals([
      { unitPrice: 40, quantity: '1,200' },
      { unitPrice: 1500, quantity: '2.5' },
      { unitPrice: null, quantity: '3' },
      { unitPrice: 100, quantity: 'abc' },
      undefined,
    ]);
    expect(totals.amounts).toEqual([48_000, 3750, 0, 0, 0]);
    expect(totals.totalAmount).toBe(51_750);
    expect(totals.totalWithTax).toBe(56_925);
  });

  it('prices a transport-and-disposal line by the sum of its parts, 0 while one is empty', () => {
    const totals = typedQuoteTotals(
      [
        { unitPrice: 1, transportUnitPrice: 1500, disposalUnitPrice: 2000, quantity: '2' },
        { unitPrice: 1, transportUnitPrice: 1500, disposalUnitPrice: null, quantity: '2' },
        { unitPrice: 100, quantity: '2' },
      ],
      (i) => i < 2,
    );
    expect(totals.amounts).toEqual([7000, 0, 200]);
  });
});

describe('buildQuoteInput', () => {
  const values: QuoteFormValues = {
    lines: [
      { unitPrice: 40, quantity: '120' },
      { unitPrice: 0, quantity: '4' },
      { unitPrice: 1500, quantity: '2.5' },
      { unitPrice: 9000, quantity: '1' },
    ],
    validUntil: '2026-12-31',
    note: '',
  };

  it('builds the body in request order, each line with its suggested unit', () => {
    const built = buildQuoteInput(values, 'REGULAR', lines, suggested);
    expect(built).toEqual({
      ok: true,
      input: {
        lines: [
          { wasteLineId: 11, unitPrice: 40, quantity: '120', unitMeasureId: undefined },
          { wasteLineId: 12, unitPrice: 0, quantity: '4', unitMeasureId: undefined },
          { wasteLineId: 21, unitPrice: 1500, quantity: '2.5', unitMeasureId: 5 },
          { wasteLineId: 22, unitPrice: 9000, quantity: '1', unitMeasureId: undefined },
        ],
        validUntil: '2026-12-31',
        note: undefined,
      },
    });
  });

  it('leaves out a cleared date and keeps a note', () => {
    const built = buildQuoteInput(
      { ...values, validUntil: null, note: '搬出は午前' },
      'REGULAR',
      lines,
      suggested,
    );
    expect(built.ok && built.input.validUntil).toBeUndefined();
    expect(built.ok && built.input.note).toBe('搬出は午前');
  });

  it('gives the schema issues at the form paths of the lines', () => {
    const built = buildQuoteInput(
      {
        ...values,
        lines: [
          { unitPrice: null, quantity: '120' },
          { unitPrice: 10, quantity: '' },
          ...values.lines.slice(2),
        ],
      },
      'REGULAR',
      lines,
      suggested,
    );
    expect(built.ok).toBe(false);
    const issues = built.ok ? [] : built.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['lines.0.unitPrice', 'MSG_00_21']);
    expect(issues.map(([path]) => path)).toContain('lines.1.quantity');
  });

  it('sends a transport-and-disposal line with its parts and their sum, the regular lines as typed', () => {
    const built = buildQuoteInput(
      {
        ...values,
        contractForm: 'COMBINED',
        lines: [
          values.lines[0]!,
          values.lines[1]!,
          { unitPrice: null, transportUnitPrice: 1400, disposalUnitPrice: 2000, quantity: '2.5' },
          values.lines[3]!,
        ],
      },
      'INDUSTRIAL',
      lines.slice(0, 3),
      suggested,
    );
    expect(built).toMatchObject({
      ok: true,
      input: {
        contractForm: 'COMBINED',
        lines: [
          { wasteLineId: 11, unitPrice: 40 },
          { wasteLineId: 12, unitPrice: 0 },
          { wasteLineId: 21, unitPrice: 3400, transportUnitPrice: 1400, disposalUnitPrice: 2000 },
        ],
      },
    });
  });

  it('refuses a part the price lists lack, and an emptied part, at the part', () => {
    const built = buildQuoteInput(
      {
        ...values,
        contractForm: 'COMBINED',
        lines: [
          ...values.lines.slice(0, 2),
          { unitPrice: null, transportUnitPrice: 1500, disposalUnitPrice: null, quantity: '2.5' },
          { unitPrice: 9000, transportUnitPrice: 100, disposalUnitPrice: 100, quantity: '1' },
        ],
      },
      'INDUSTRIAL',
      lines,
      suggested,
    );
    const issues = built.ok ? [] : built.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['lines.2.disposalUnitPrice', 'MSG_00_21'],
      ['lines.3.transportUnitPrice', 'unit_price_cannot_be_confirmed'],
      ['lines.3.disposalUnitPrice', 'unit_price_cannot_be_confirmed'],
    ]);
  });

  it('keeps one unit price per line for a SEPARATE quote', () => {
    const built = buildQuoteInput({ ...values, contractForm: 'SEPARATE' }, 'INDUSTRIAL', lines, suggested);
    expect(built.ok && built.input.contractForm).toBe('SEPARATE');
    expect(built.ok && built.input.lines[3]).toEqual({
      wasteLineId: 22,
      unitPrice: 9000,
      quantity: '1',
      unitMeasureId: undefined,
    });
  });
});

describe('bag lines', () => {
  // Regular garbage asked for in bags only: 2 bags of 45 L and 1 of 70 L, three times a week.
  const bagProject = {
    pwasteRegulars: [
      {
        id: 31,
        waste: { id: 1, name: '可燃ごみ' },
        monthlyCapacity: null,
        bags: { '45': 2, '70': 1 },
        collectionCount: 3,
        weekdays: [1, 3, 5],
      },
    ],
    pwasteIndustries: [],
  } as unknown as ProjectDetail;
  const bagLines = requestLines(bagProject, t);
  const bagSuggested = suggestionsByLine({
    lines: [
      {
        wasteLineId: 31,
        kind: 'REGULAR',
        unitPrice: 40,
        disposalUnitPrice: null,
        unitMeasure: null,
        quantity: null,
      },
    ],
  });

  it('offers kg, each requested bag size and per collection; nothing for an industrial line', () => {
    expect(pricingOptions(bagLines[0]!, t).map((o) => o.value)).toEqual([
      'QUANTITY',
      'BAG:45',
      'BAG:70',
      'COLLECTION',
    ]);
    expect(pricingOptions(lines[2]!, t)).toEqual([]);
  });

  it('starts per bag of the first size with a month of bags, the kg price not carried over', () => {
    const initial = initialQuoteValues('REGULAR', bagLines, bagSuggested);
    // 2 bags x 3 a week x 52/12 weeks
    expect(initial.lines[0]).toMatchObject({ pricing: 'BAG:45', unitPrice: null, quantity: '26' });
    expect(startingQuantity(bagLines[0]!, 'COLLECTION')).toBe('13');
    expect(startingQuantity(bagLines[0]!, 'BAG:70')).toBe('13');
    expect(linePriceUnit(bagLines[0]!, 'BAG:70')).toEqual({ basis: 'BAG', bagSize: 70 });
    expect(linePriceUnit(bagLines[0]!, 'QUANTITY')).toEqual({ basis: 'QUANTITY', unit: 'kg' });
    expect(linePriceUnit(lines[2]!, undefined, suggested.get(21))).toEqual({ basis: 'QUANTITY', unit: 'm3' });
  });

  it('starts another basis again from the request, keeping the suggested price by kg only', () => {
    const s = bagSuggested.get(31);
    expect(pricingChangeValues(bagLines[0]!, 'COLLECTION', s)).toEqual({ quantity: '13', unitPrice: null });
    expect(pricingChangeValues(bagLines[0]!, 'BAG:45', s)).toEqual({ quantity: '26', unitPrice: null });
    expect(pricingChangeValues(bagLines[0]!, 'QUANTITY', s)).toEqual({ quantity: '', unitPrice: 40 });
    expect(pricingChangeValues(bagLines[0]!, 'QUANTITY')).toEqual({ quantity: '', unitPrice: null });
  });

  it('sends the basis and bag size, without a unit of measure', () => {
    const built = buildQuoteInput(
      { lines: [{ pricing: 'BAG:45', unitPrice: 300, quantity: '26' }] },
      'REGULAR',
      bagLines,
      bagSuggested,
    );
    expect(built).toEqual({
      ok: true,
      input: {
        lines: [
          {
            wasteLineId: 31,
            unitPrice: 300,
            quantity: '26',
            unitMeasureId: undefined,
            pricingBasis: 'BAG',
            bagSize: 45,
          },
        ],
        validUntil: undefined,
        note: undefined,
      },
    });
    const perCollection = buildQuoteInput(
      { lines: [{ pricing: 'COLLECTION', unitPrice: 1500, quantity: '13' }] },
      'REGULAR',
      bagLines,
      bagSuggested,
    );
    expect(perCollection.ok && perCollection.input.lines[0]).toMatchObject({ pricingBasis: 'COLLECTION' });
  });

  it('refuses a bag size the request lacks at the pricing select of the line, as the server does', () => {
    const built = buildQuoteInput(
      { lines: [{ pricing: 'BAG:90', unitPrice: 300, quantity: '26' }] },
      'REGULAR',
      bagLines,
      bagSuggested,
    );
    const issues = built.ok ? [] : built.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['lines.0.pricing', 'bag_size_not_requested']);
  });
});
