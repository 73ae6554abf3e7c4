import { afterEach, describe, expect, it, vi } from 'vitest';
import { japanToday } from '../components/form/date-field';
import {
  businessClockOffset,
  businessNow,
  noteBusinessTime,
  restoreBusinessClockOffset,
} from './business-clock';

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

  it('keeps its difference for an offline start, which an answer heard since overrides', () => {
    noteBusinessTime('2026-03-02T08:59:00+09:00');
    const kept = businessClockOffset();
    noteBusinessTime(new Date().toISOString());
    // An answer was heard in this load: a kept difference does not move the clock back.
    restoreBusinessClockOffset(kept);
    expect(Math.abs(businessClockOffset())).toBeLessThan(5_000);
    expect(Math.abs(kept)).toBeGreaterThan(60_000);
  });

  it('starts from a kept difference when no answer was heard yet', async () => {
    vi.resetModules();
    const fresh = await import('./business-clock');
    fresh.restoreBusinessClockOffset(3_600_000);
    expect(fresh.businessNow() - Date.now()).toBeGreaterThan(3_500_000);
  });
});
