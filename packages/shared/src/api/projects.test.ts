import { describe, expect, it } from 'vitest';
import {
  projectListQuerySchema,
  quoteRequestSchema,
  transProjectListQuerySchema,
  volumeSchema,
} from './projects';

const regularLine = (over: Record<string, unknown> = {}) => ({
  wasteId: 1,
  monthlyCapacity: '100',
  bags: { '45': 2 },
  collectionCount: 2,
  weekdays: [1, 4],
  ...over,
});
const regular = (lines: unknown[]) => ({
  type: 'REGULAR',
  projectTitle: '本社 定期回収',
  dischargeSiteIds: [1],
  lines,
});
const industrialLine = (over: Record<string, unknown> = {}) => ({
  wasteId: 10,
  quantity: '1.5',
  unitMeasureId: 1,
  frequency: 'WEEKLY',
  frequencyNumber: 1,
  ...over,
});
const industrial = (lines: unknown[]) => ({
  type: 'INDUSTRIAL',
  projectTitle: '倉庫 処理',
  dischargeSiteIds: [1],
  lines,
});

/** The message codes of a body's issues, by path. */
const issues = (body: unknown) => {
  const r = quoteRequestSchema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('quoteRequestSchema rules', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['a valid regular request', regular([regularLine()]), {}],
    ['no weekday', regular([regularLine({ weekdays: [] })]), { 'lines.0.weekdays': 'weekday_required' }],
    [
      'fewer weekdays than collections',
      regular([regularLine({ weekdays: [1] })]),
      { 'lines.0.weekdays': 'weekdays_must_match_count' },
    ],
    [
      'more weekdays than collections',
      regular([regularLine({ collectionCount: 1 })]),
      { 'lines.0.weekdays': 'weekdays_must_match_count' },
    ],
    [
      'the same weekday twice',
      regular([regularLine({ weekdays: [1, 1] })]),
      { 'lines.0.weekdays': 'invalid_format' },
    ],
    ['bags only', regular([regularLine({ monthlyCapacity: undefined })]), {}],
    ['volume only', regular([regularLine({ bags: {} })]), {}],
    [
      'neither bags nor volume',
      regular([regularLine({ bags: { '30': 0 }, monthlyCapacity: undefined })]),
      { 'lines.0.bags': 'bag_or_volume_required' },
    ],
    [
      'a zero volume and no bags',
      regular([regularLine({ bags: {}, monthlyCapacity: '0' })]),
      { 'lines.0.bags': 'bag_or_volume_required' },
    ],
    [
      'the same waste twice',
      regular([regularLine(), regularLine()]),
      { 'lines.1.wasteId': 'same_waste_twice' },
    ],
    [
      'no collection count',
      regular([regularLine({ collectionCount: undefined })]),
      { 'lines.0.collectionCount': 'MSG_00_21' },
    ],
    ['no line', regular([]), { lines: 'MSG_00_21' }],
    ['a valid weekly industrial request', industrial([industrialLine()]), {}],
    [
      'a spot collection without a number',
      industrial([industrialLine({ frequency: 'SPOT', frequencyNumber: null })]),
      {},
    ],
    [
      'a weekly collection without a number',
      industrial([industrialLine({ frequencyNumber: null })]),
      { 'lines.0.frequencyNumber': 'MSG_00_21' },
    ],
    [
      'a monthly collection without a number',
      industrial([industrialLine({ frequency: 'MONTHLY', frequencyNumber: undefined })]),
      { 'lines.0.frequencyNumber': 'MSG_00_21' },
    ],
    [
      'the same industrial waste twice',
      industrial([industrialLine(), industrialLine()]),
      { 'lines.1.wasteId': 'same_waste_twice' },
    ],
    [
      'a bad volume',
      industrial([industrialLine({ quantity: '1.234' })]),
      { 'lines.0.quantity': 'MSG_00_27' },
    ],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issues(body)).toEqual(expected);
  });
});

describe('volumeSchema (section 5)', () => {
  const ok: [string | number, number][] = [
    ['1', 1],
    ['12345.67', 12345.67],
    ['12,345.67', 12345.67],
    ['1,234,567', 1234567],
    ['1234567', 1234567],
    [' 99.5 ', 99.5],
    [0, 0],
    [42.5, 42.5],
  ];
  it.each(ok)('accepts %s', (input, value) => {
    expect(volumeSchema.parse(input)).toBe(value);
  });
  const bad: [unknown, string][] = [
    ['', 'MSG_00_21'],
    [',', 'MSG_00_21'],
    ['12345678', 'MSG_00_27'],
    ['123456.5', 'MSG_00_27'],
    ['1.234', 'MSG_00_27'],
    ['-1', 'MSG_00_27'],
    ['1e3', 'MSG_00_27'],
    ['abc', 'MSG_00_27'],
    [null, 'MSG_00_21'],
  ];
  it.each(bad)('refuses %s', (input, code) => {
    const r = volumeSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(code);
  });
});

describe('projectListQuerySchema', () => {
  it('pages 50 newest first by default', () => {
    expect(projectListQuerySchema.parse({})).toEqual({
      page: 1,
      size: 50,
      sort: 'createdDate',
      order: 'desc',
    });
  });

  it('reads the filters and trims the keyword', () => {
    expect(
      projectListQuerySchema.parse({
        tab: 'PAST',
        type: 'REGULAR',
        keyword: '  可燃 ',
        sort: 'title',
        order: 'asc',
      }),
    ).toMatchObject({ tab: 'PAST', type: 'REGULAR', keyword: '可燃', sort: 'title', order: 'asc' });
  });

  it.each([
    { tab: 'ALL' },
    { type: 'OTHER' },
    { sort: 'memo' },
    { keyword: 'x'.repeat(101) },
    { size: '500' },
  ])('refuses %o', (query) => {
    expect(projectListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('lets a transporter pick one discharger or ALL', () => {
    expect(transProjectListQuerySchema.parse({ companyId: '7' }).companyId).toBe(7);
    expect(transProjectListQuerySchema.parse({ companyId: 'ALL' }).companyId).toBe('ALL');
    expect(transProjectListQuerySchema.safeParse({ companyId: 'abc' }).success).toBe(false);
  });
});
