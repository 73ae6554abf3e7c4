/**
 * Japanese era dates (和暦), as documents and screens print them beside the western year. Read from the
 * YYYY-MM-DD string in UTC, so no time zone can shift the day; the first year of an era is 元年.
 */
const ERA_YEAR = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
  era: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(date: string): Date | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // 2026-02-30 would roll over into March.
  return d.getUTCDate() === Number(m[3]) ? d : null;
}

/** 2027-03-31 -> 令和9年3月31日 ('' for anything but a date). Month and day are the western ones. */
export function japaneseEraDate(date: string): string {
  const d = utcDate(date);
  return d ? `${ERA_YEAR.format(d)}${d.getUTCMonth() + 1}月${d.getUTCDate()}日` : '';
}

/** 2026-04-01 -> 令和8年 ('' for anything but a date). */
export function japaneseEraYear(date: string): string {
  const d = utcDate(date);
  return d ? ERA_YEAR.format(d) : '';
}
