import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInServiceHours, japanDate } from './japan-time';
import { isBlockedByRunningFunctions, type ManifestStatus } from './model';

const HOURS: [string, boolean][] = [
  ['2026-11-20T06:59:59+09:00', false],
  ['2026-11-20T07:00:00+09:00', true],
  ['2026-11-20T18:59:59+09:00', true],
  ['2026-11-20T19:00:00+09:00', false],
  ['2026-11-20T00:00:00+09:00', false],
  ['2026-11-20T12:00:00+09:00', true],
];

describe.each(['UTC', 'America/New_York'])('Japan time with TZ=%s', (zone) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('runs in the zone it names', () => {
    // 07:00 JST is 22:00 UTC and 17:00 in New York (EST): proves the machine zone really changed.
    expect(new Date('2026-11-20T07:00:00+09:00').getHours()).toBe(zone === 'UTC' ? 22 : 17);
  });

  it.each(HOURS)('%s is in service hours: %s', (instant, expected) => {
    expect(isInServiceHours(new Date(instant))).toBe(expected);
  });

  it('gives the Japan date across midnight UTC', () => {
    expect(japanDate(new Date('2026-11-20T14:59:59Z'))).toBe('2026-11-20');
    expect(japanDate(new Date('2026-11-20T15:00:00Z'))).toBe('2026-11-21');
  });
});

describe('isBlockedByRunningFunctions', () => {
  const cases: [ManifestStatus, string[], boolean][] = [
    ['REGISTERED', [], false],
    ['TRANSPORT_END', [], false],
    ['RESERVED', ['1000'], true],
    ['TRANSPORT_END', ['0501'], true],
    ['TEMP_TRANSPORT', ['0403'], true],
    ['TEMP_TRANSPORT', ['1000'], true],
    ['TEMP_TRANSPORT', ['0501'], false],
    ['TEMP_TRANSPORT', ['0601', '0701'], false],
    ['TEMP_TRANSPORT', ['0501', '0403'], true],
  ];
  it.each(cases)('%s running %j blocks: %s', (status, codes, expected) => {
    expect(isBlockedByRunningFunctions(status, codes)).toBe(expected);
  });
});
