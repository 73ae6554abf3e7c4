import { describe, expect, it } from 'vitest';
import {
  dailyMinutes,
  describeSchedule,
  nextScheduledRun,
  SCHEDULED_JOBS,
  scheduleSlot,
} from './scheduled-jobs';

const jst = (local: string) => new Date(`${local}+09:00`);

describe('scheduleSlot', () => {
  it.each([
    // A daily job's slot is the Japan date once its Japan time has come, whatever the UTC date.
    [{ daily: '09:00' }, '2026-03-02T08:59:59', null],
    [{ daily: '09:00' }, '2026-03-02T09:00:00', '2026-03-02'],
    [{ daily: '09:00' }, '2026-03-02T23:59:00', '2026-03-02'],
    [{ daily: '03:30' }, '2026-03-03T03:29:00', null],
    [{ daily: '03:30' }, '2026-03-03T03:30:00', '2026-03-03'],
    [{ daily: '00:00' }, '2026-03-03T00:00:00', '2026-03-03'],
    // Interval jobs: the Japan minute their period started.
    [{ everyMinutes: 60 }, '2026-03-02T09:59:59', '2026-03-02T09:00'],
    [{ everyMinutes: 5 }, '2026-03-02T09:07:00', '2026-03-02T09:05'],
    [{ everyMinutes: 1 }, '2026-03-02T00:00:30', '2026-03-02T00:00'],
  ] as const)('%j at %s is %s', (schedule, at, slot) => {
    expect(scheduleSlot(schedule, jst(at))).toBe(slot);
  });

  it('refuses a daily time that is not HH:MM', () => {
    expect(() => dailyMinutes('24:00')).toThrow('HH:MM');
    expect(() => dailyMinutes('9:00')).toThrow('HH:MM');
  });
});

describe('nextScheduledRun', () => {
  it.each([
    // Not run today and due: now. Run today: tomorrow at its time. Before its time: today at its time.
    [{ daily: '09:00' }, '2026-03-02T10:00:00', null, '2026-03-02T10:00:00'],
    [{ daily: '09:00' }, '2026-03-02T10:00:00', '2026-03-02', '2026-03-03T09:00:00'],
    [{ daily: '09:00' }, '2026-03-02T08:00:00', '2026-03-01', '2026-03-02T09:00:00'],
    [{ everyMinutes: 60 }, '2026-03-02T10:20:00', '2026-03-02T10:00', '2026-03-02T11:00:00'],
    [{ everyMinutes: 60 }, '2026-03-02T10:20:00', '2026-03-02T09:00', '2026-03-02T10:20:00'],
  ] as const)('%j at %s after %s: %s', (schedule, at, last, next) => {
    expect(nextScheduledRun(schedule, jst(at), last).toISOString()).toBe(jst(next).toISOString());
  });
});

describe('the registry', () => {
  it('names each job once, with a schedule and a description', () => {
    const names = SCHEDULED_JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    for (const j of SCHEDULED_JOBS) {
      expect(j.description.length).toBeGreaterThan(10);
      expect(describeSchedule(j.schedule)).toMatch(/^(daily \d\d:\d\d|every \d+ min)$/);
    }
  });
});
