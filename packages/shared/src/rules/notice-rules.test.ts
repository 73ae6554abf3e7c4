import { describe, expect, it } from 'vitest';
import { noticeInputSchema, updateInfoInputSchema } from '../api/notices';
import {
  isNoticeFor,
  isNoticePublished,
  isUpdateInfoShown,
  type NoticeWindow,
  noticeStatus,
} from './notice-rules';

const w = (
  publishFrom: string,
  publishUntil: string | null,
  withdrawnAt: string | null = null,
): NoticeWindow => ({
  publishFrom,
  publishUntil,
  withdrawnAt,
});

describe('noticeStatus', () => {
  it.each([
    ['before its first day', w('2026-11-02', null), '2026-11-01', 'SCHEDULED'],
    ['on its first day', w('2026-11-02', null), '2026-11-02', 'PUBLISHED'],
    ['without an end, years on', w('2026-11-02', null), '2030-01-01', 'PUBLISHED'],
    ['on its last day', w('2026-11-02', '2026-11-30'), '2026-11-30', 'PUBLISHED'],
    ['the day after its last day', w('2026-11-02', '2026-11-30'), '2026-12-01', 'ENDED'],
    ['shown for one day only', w('2026-11-02', '2026-11-02'), '2026-11-02', 'PUBLISHED'],
    ['withdrawn inside its window', w('2026-11-02', null, '2026-11-05T01:00:00Z'), '2026-11-05', 'WITHDRAWN'],
    [
      'withdrawn before its first day',
      w('2026-11-10', null, '2026-11-05T01:00:00Z'),
      '2026-11-05',
      'WITHDRAWN',
    ],
  ] as const)('%s', (_, notice, today, status) => {
    expect(noticeStatus(notice, today)).toBe(status);
    expect(isNoticePublished(notice, today)).toBe(status === 'PUBLISHED');
  });
});

describe('isNoticeFor', () => {
  it.each([
    ['ALL', 'WASTE', true],
    ['ALL', 'TRANSPORT', true],
    ['ALL', 'ADMIN', true],
    ['DISCHARGERS', 'WASTE', true],
    ['DISCHARGERS', 'TRANSPORT', false],
    ['DISCHARGERS', 'ADMIN', true],
    ['TRANSPORTERS', 'WASTE', false],
    ['TRANSPORTERS', 'TRANSPORT', true],
    ['TRANSPORTERS', 'ADMIN', true],
  ] as const)('a %s notice is for %s: %s', (audience, role, expected) => {
    expect(isNoticeFor(audience, role)).toBe(expected);
  });
});

describe('isUpdateInfoShown', () => {
  it.each([
    ['2026-11-10', '2026-11-09', false],
    ['2026-11-10', '2026-11-10', true],
    ['2026-11-10', '2027-01-01', true],
  ])('dated %s on %s: %s', (date, today, shown) => {
    expect(isUpdateInfoShown(date, today)).toBe(shown);
  });
});

/** Each field's first issue, as a form shows it (reversed, so that the first one is the one kept). */
const firstIssues = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  r.success
    ? null
    : Object.fromEntries([...r.error!.issues].reverse().map((i) => [i.path.join('.'), i.message]));

describe('noticeInputSchema', () => {
  const valid = {
    importance: 'IMPORTANT',
    date: '2026-11-01',
    subject: '年末年始の回収について',
    content: '12月29日から1月3日までは回収を休止します。',
    audience: 'ALL',
    publishFrom: '2026-11-01',
    publishUntil: null,
  };
  const fieldOf = (input: object) => firstIssues(noticeInputSchema.safeParse(input));

  it('takes a notice without an end and trims its texts', () => {
    const r = noticeInputSchema.parse({ ...valid, subject: '  件名  ' });
    expect(r.subject).toBe('件名');
    expect(r.publishUntil).toBeNull();
  });
  it.each([
    ['a blank subject', { subject: '   ' }, { subject: 'MSG_00_21' }],
    ['a subject over 128 characters', { subject: 'あ'.repeat(129) }, { subject: 'max_length_exceeded' }],
    ['blank content', { content: '' }, { content: 'MSG_00_21' }],
    ['content over 4000 characters', { content: 'x'.repeat(4001) }, { content: 'max_length_exceeded' }],
    ['an unknown audience', { audience: 'EVERYONE' }, { audience: 'invalid_format' }],
    ['an unknown importance', { importance: 'URGENT' }, { importance: 'invalid_format' }],
    ['an impossible date', { date: '2026-02-30' }, { date: 'invalid_format' }],
    ['no first day', { publishFrom: '' }, { publishFrom: 'MSG_00_21' }],
    [
      'a last day before the first',
      { publishUntil: '2026-10-31' },
      { publishUntil: 'publish_until_before_from' },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(fieldOf({ ...valid, ...change })).toEqual(fields);
  });
  it('takes a last day equal to the first', () => {
    expect(fieldOf({ ...valid, publishUntil: '2026-11-01' })).toBeNull();
  });
});

describe('updateInfoInputSchema', () => {
  it.each([
    [{ date: '2026-11-10', content: '機能を追加しました。' }, null],
    [{ date: '2026-11-10', content: ' ' }, { content: 'MSG_00_21' }],
    [{ date: '2026-11-10', content: 'x'.repeat(1001) }, { content: 'max_length_exceeded' }],
    [{ date: 'tomorrow', content: 'x' }, { date: 'invalid_format' }],
  ])('%j gives %j', (input, fields) => {
    expect(firstIssues(updateInfoInputSchema.safeParse(input))).toEqual(fields);
  });
});
