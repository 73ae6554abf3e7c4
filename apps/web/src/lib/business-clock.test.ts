import { afterEach, describe, expect, it } from 'vitest';
import { japanToday } from '../components/form/date-field';
import { businessNow, noteBusinessTime } from './business-clock';

describe('the business clock of the web app', () => {
  afterEach(() => noteBusinessTime(new Date().toISOString()));

  it("follows the server's business instant, running on from when it was heard", () => {
    const heard = Date.now();
    noteBusinessTime('2026-03-02T08:59:00+09:00', heard);
    const now = businessNow();
    expect(now - Date.parse('2026-03-02T08:59:00+09:00')).toBeGreaterThanOrEqual(0);
    expect(now - Date.parse('2026-03-02T08:59:00+09:00')).toBeLessThan(5_000);
    // "Today" on every form is the business date, not the machine's.
    expect(japanToday()).toBe('2026-03-02');
  });

  it('ignores a missing or broken header', () => {
    noteBusinessTime('2026-03-02T08:59:00+09:00');
    noteBusinessTime(null);
    noteBusinessTime('not a date');
    expect(japanToday()).toBe('2026-03-02');
  });
});
