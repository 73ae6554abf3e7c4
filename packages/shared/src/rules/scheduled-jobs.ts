/**
 * The one registry of scheduled jobs: each job's name, when it runs on the business clock (a Japan time every
 * day, or every n minutes counted from midnight in Japan) and what it does. The server's scheduler, the
 * `npm run job` command and the administrators' job list all read it.
 */
export type JobSchedule = { daily: string } | { everyMinutes: number };

export const SCHEDULED_JOBS = [
  {
    name: 'jwnet-sweep',
    schedule: { everyMinutes: 1 },
    description: 'Queues the manifest-network work that is due and has no job (after a crash)',
  },
  {
    name: 'card-payment-sweep',
    schedule: { everyMinutes: 1 },
    description: 'Asks the card provider about payment attempts left open',
  },
  {
    name: 'mail-sweep',
    schedule: { everyMinutes: 5 },
    description: 'Queues mail deliveries a crash or an outage left behind',
  },
  {
    name: 'contract-calendar',
    schedule: { everyMinutes: 60 },
    description: 'Starts, renews and ends contracts on their dates',
  },
  {
    name: 'file-storage-orphan-sweep',
    schedule: { daily: '03:30' },
    description: 'Deletes stored files over a day old that no record names',
  },
  {
    name: 'evidence-pack-expiry',
    schedule: { daily: '04:15' },
    description: 'Deletes evidence packs past their download period',
  },
  {
    name: 'permit-expiry',
    schedule: { daily: '08:00' },
    description: 'Mails permit expiry notices (90 and 30 days, and on the day)',
  },
  {
    name: 'contract-coverage',
    schedule: { daily: '08:30' },
    description: 'Mails new permit coverage gaps of contracts in force',
  },
  {
    name: 'invoice-overdue',
    schedule: { daily: '09:00' },
    description: 'Mails overdue invoice reminders (the first day, 7 and 30 days)',
  },
] as const satisfies readonly { name: string; schedule: JobSchedule; description: string }[];

export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number]['name'];
export type ScheduledJob = (typeof SCHEDULED_JOBS)[number];

export const SCHEDULED_JOB_NAMES = SCHEDULED_JOBS.map((j) => j.name) as ScheduledJobName[];

export function scheduledJob(name: string): ScheduledJob | undefined {
  return SCHEDULED_JOBS.find((j) => j.name === name);
}

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** `08:00` as minutes after midnight; throws on anything but HH:MM. */
export function dailyMinutes(at: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new Error(`daily job time ${at} is not HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Japan's `YYYY-MM-DDTHH:MM` of an instant (Japan keeps no summer time). */
const japanMinute = (ms: number) => new Date(ms + JAPAN_OFFSET_MS).toISOString().slice(0, 16);

/**
 * The run of `schedule` that is due at `now`, as the key the scheduler records it under: a daily job's Japan date
 * once its time has come that day (null before), an interval job's Japan minute at the start of its period.
 */
export function scheduleSlot(schedule: JobSchedule, now: Date): string | null {
  const ms = now.getTime();
  if ('daily' in schedule) {
    const local = ms + JAPAN_OFFSET_MS;
    const minuteOfDay = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
    return minuteOfDay >= dailyMinutes(schedule.daily) ? japanMinute(ms).slice(0, 10) : null;
  }
  const period = schedule.everyMinutes * MINUTE_MS;
  const local = ms + JAPAN_OFFSET_MS;
  return japanMinute(Math.floor(local / period) * period - JAPAN_OFFSET_MS);
}

/**
 * When the next run is due on the business clock: `now` when the current slot has not run (`lastSlot` differs),
 * else the start of the next slot.
 */
export function nextScheduledRun(schedule: JobSchedule, now: Date, lastSlot: string | null): Date {
  const current = scheduleSlot(schedule, now);
  if (current !== null && current !== lastSlot) return now;
  const local = now.getTime() + JAPAN_OFFSET_MS;
  if ('daily' in schedule) {
    const midnight = Math.floor(local / DAY_MS) * DAY_MS;
    const todayAt = midnight + dailyMinutes(schedule.daily) * MINUTE_MS;
    return new Date((current === null ? todayAt : todayAt + DAY_MS) - JAPAN_OFFSET_MS);
  }
  const period = schedule.everyMinutes * MINUTE_MS;
  return new Date((Math.floor(local / period) + 1) * period - JAPAN_OFFSET_MS);
}

/** `daily 09:00` or `every 5 min`, for lists and logs. */
export function describeSchedule(schedule: JobSchedule): string {
  return 'daily' in schedule ? `daily ${schedule.daily}` : `every ${schedule.everyMinutes} min`;
}
