/**
 * Japan Standard Time, UTC+9 all year: Japan has kept no daylight saving time since 1951, so a Japan date is the
 * UTC date of the instant nine hours on (no time-zone database needed; time.test.ts checks it against one).
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Ruling 10: business dates are Japan dates whatever the server's zone. */
export function tokyoDate(d: Date): string {
  return new Date(d.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Japanese weekday names, 0 = Sunday (日) ... 6 = Saturday (土), as printed in documents and mails. */
export const JAPANESE_WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
