import { describe, expect, it } from 'vitest';
import { isJwnetServiceHours, nextJwnetOpening } from './jwnet-service';

/** Instants written in UTC, so the Japan clock they stand for holds in any machine zone. JST = UTC+9. */
const jst = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const utc = new Date(`${date}T00:00:00Z`).getTime() + (h * 60 + m - 9 * 60) * 60_000;
  return new Date(utc);
};

describe('isJwnetServiceHours: 07:00-19:00 Japan time', () => {
  const cases: [string, string, boolean][] = [
    ['2026-11-20', '00:00', false],
    ['2026-11-20', '06:59', false],
    ['2026-11-20', '07:00', true],
    ['2026-11-20', '12:00', true],
    ['2026-11-20', '18:59', true],
    ['2026-11-20', '19:00', false],
    ['2026-11-20', '23:59', false],
  ];
  it.each(cases)('%s %s JST -> %s', (date, time, open) => {
    expect(isJwnetServiceHours(jst(date, time))).toBe(open);
  });

  it('reads the instant, not the machine clock: 07:00 JST is 22:00 UTC the day before', () => {
    expect(isJwnetServiceHours(new Date('2026-11-19T22:00:00Z'))).toBe(true);
    expect(isJwnetServiceHours(new Date('2026-11-19T21:59:59Z'))).toBe(false);
    expect(isJwnetServiceHours(new Date('2026-11-20T09:59:59Z'))).toBe(true);
    expect(isJwnetServiceHours(new Date('2026-11-20T10:00:00Z'))).toBe(false);
  });
});

describe('nextJwnetOpening', () => {
  it('is the coming 07:00 Japan time', () => {
    const at = (iso: string) => nextJwnetOpening(new Date(iso)).toISOString();
    expect(at('2026-11-20T06:59:00+09:00')).toBe('2026-11-19T22:00:00.000Z');
    expect(at('2026-11-20T07:00:00+09:00')).toBe('2026-11-20T22:00:00.000Z');
    expect(at('2026-11-20T19:30:00+09:00')).toBe('2026-11-20T22:00:00.000Z');
    expect(at('2026-11-20T23:59:00+09:00')).toBe('2026-11-20T22:00:00.000Z');
  });
});
