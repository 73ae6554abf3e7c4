/** The network works in Japan time whatever the machine's zone (ruling 10, spec section 9). */
export const SERVICE_OPENS_AT_MINUTE = 7 * 60;
export const SERVICE_CLOSES_AT_MINUTE = 19 * 60;

const dateFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Japan calendar date of an instant, `YYYY-MM-DD`. */
export function japanDate(at: Date): string {
  return dateFormat.format(at);
}

/** Minutes since midnight, Japan time. */
export function japanMinuteOfDay(at: Date): number {
  const parts = timeFormat.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return hour * 60 + minute;
}

/** 07:00 inclusive to 19:00 exclusive, Japan time. */
export function isInServiceHours(at: Date): boolean {
  const minute = japanMinuteOfDay(at);
  return minute >= SERVICE_OPENS_AT_MINUTE && minute < SERVICE_CLOSES_AT_MINUTE;
}
