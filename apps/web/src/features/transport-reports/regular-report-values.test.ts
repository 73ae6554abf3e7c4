import type { RegularVolumeInfo } from '@junkan/shared/api/transport-reports';
import { describe, expect, it } from 'vitest';
import {
  buildRegularReport,
  isFilledFromDraft,
  isFutureMonth,
  linesFromForm,
  parseYearMonth,
  reportFieldMap,
  reportFieldTextKey,
} from './regular-report-values';

describe('month', () => {
  it('parses YYYY-MM and refuses others', () => {
    expect(parseYearMonth('2026-04')).toEqual({ year: 2026, month: 4 });
    expect(parseYearMonth('2026-13')).toBeNull();
    expect(parseYearMonth('2026/04')).toBeNull();
    expect(parseYearMonth(null)).toBeNull();
  });

  it('a month after the current one is in the future, the current one is not', () => {
    expect(isFutureMonth('2026-12', '2026-11')).toBe(true);
    expect(isFutureMonth('2027-01', '2026-11')).toBe(true);
    expect(isFutureMonth('2026-11', '2026-11')).toBe(false);
    expect(isFutureMonth('2025-12', '2026-11')).toBe(false);
  });
});

const infos: RegularVolumeInfo[] = [
  { category: 11, categoryName: '可燃ごみ', volume: 1234.5, disabled: false, draft: null },
  { category: 12, categoryName: 'びん・缶・ペットボトル', volume: null, disabled: true, draft: null },
  { category: 13, categoryName: 'その他', volume: null, disabled: false, draft: null },
  { category: 14, categoryName: '段ボール', volume: 1500000, disabled: false, draft: null },
];

describe('linesFromForm', () => {
  it('starts from the reported weights, else 0.00, disabled categories empty', () => {
    expect(linesFromForm(infos)).toEqual([
      { volume: '1,234.50' },
      { volume: '' },
      { volume: '0.00' },
      { volume: '1,500,000' },
    ]);
  });

  const draft = (weightKg: number, weighed: number, bags: Record<string, number> = {}) => ({
    weightKg,
    weighed,
    bags,
  });

  it("fills a weight not reported yet from the drivers' weighed records", () => {
    const withDrafts: RegularVolumeInfo[] = [
      { ...infos[0]!, draft: draft(99, 3) },
      { ...infos[1]!, draft: draft(40, 2) },
      { ...infos[2]!, draft: draft(1234.56, 4, { '45': 12 }) },
      { ...infos[3]!, draft: draft(0, 0, { '70': 2 }) },
      {
        category: 15,
        categoryName: '不燃ごみ',
        volume: null,
        disabled: false,
        draft: draft(0, 0, { '45': 1 }),
      },
    ];
    // A reported weight stays, a disabled category stays empty, only weighed records fill a weight.
    expect(linesFromForm(withDrafts)).toEqual([
      { volume: '1,234.50' },
      { volume: '' },
      { volume: '1,234.56' },
      { volume: '1,500,000' },
      { volume: '0.00' },
    ]);
    expect(withDrafts.map(isFilledFromDraft)).toEqual([false, false, true, false, false]);
  });

  it("sends the filled weight, or the office's change of it", () => {
    const filled: RegularVolumeInfo[] = [{ ...infos[2]!, draft: draft(12.5, 1) }];
    const lines = linesFromForm(filled);
    expect(buildRegularReport({ projectId: 5, yearMonth: '2026-10', lines }, filled)).toMatchObject({
      ok: true,
      input: { listVolume: [{ category: 13, volume: 12.5 }] },
    });
    expect(
      buildRegularReport({ projectId: 5, yearMonth: '2026-10', lines: [{ volume: '14.00' }] }, filled),
    ).toMatchObject({ ok: true, input: { listVolume: [{ category: 13, volume: 14 }] } });
  });
});

describe('buildRegularReport', () => {
  const values = {
    projectId: 5,
    yearMonth: '2026-10',
    lines: [{ volume: '1,234.50' }, { volume: '9' }, { volume: '0.00' }, { volume: '12' }],
  };

  it('sends only the categories not disabled, as numbers', () => {
    expect(buildRegularReport(values, infos)).toEqual({
      ok: true,
      input: {
        projectId: 5,
        year: 2026,
        month: 10,
        listVolume: [
          { category: 11, volume: 1234.5 },
          { category: 13, volume: 0 },
          { category: 14, volume: 12 },
        ],
      },
    });
  });

  it('puts a bad weight on its own line of the form, past the disabled one', () => {
    const result = buildRegularReport(
      { ...values, lines: [{ volume: '1' }, { volume: '' }, { volume: '123456.78' }, { volume: '' }] },
      infos,
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { name: ['lines', 2, 'volume'], code: 'MSG_00_27' },
        { name: ['lines', 3, 'volume'], code: 'MSG_00_21' },
      ],
    });
  });

  it('requires a project and a month', () => {
    const result = buildRegularReport({ lines: values.lines }, infos);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toEqual(
        expect.arrayContaining([
          { name: ['projectId'], code: 'MSG_00_21' },
          { name: ['yearMonth'], code: 'MSG_00_21' },
        ]),
      );
  });

  it('reports a project without categories as a whole', () => {
    const result = buildRegularReport(values, [{ ...infos[1]! }]);
    expect(result).toEqual({ ok: false, issues: [{ name: null, code: 'MSG_00_21' }] });
  });
});

describe('server errors', () => {
  it('maps listVolume.N (sent lines) to the form line', () => {
    expect(reportFieldMap(infos)).toEqual({
      projectId: ['projectId'],
      year: ['yearMonth'],
      month: ['yearMonth'],
      'listVolume.0.volume': ['lines', 0, 'volume'],
      'listVolume.0.category': ['lines', 0, 'volume'],
      'listVolume.1.volume': ['lines', 2, 'volume'],
      'listVolume.1.category': ['lines', 2, 'volume'],
      'listVolume.2.volume': ['lines', 3, 'volume'],
      'listVolume.2.category': ['lines', 3, 'volume'],
    });
  });

  it.each([
    ['month', 'end_date_in_future', 'achievements.regularReport.monthInFuture'],
    ['month', 'invalid_period', 'achievements.regularReport.monthOutsideContract'],
    ['month', 'MSG_00_21', 'MSG_00_21'],
    ['listVolume.0.volume', 'MSG_00_27', 'MSG_00_27'],
    ['listVolume.0.volume', 'invalid_period', 'invalid_period'],
  ])('%s %s is shown with %s', (field, code, key) => {
    expect(reportFieldTextKey(field, code)).toBe(key);
  });
});
