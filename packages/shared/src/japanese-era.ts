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

export interface DateWithEraOptions {
  /** English shows the western date alone: the era name means nothing to most English readers. */
  language?: 'ja' | 'en';
  /**
   * short: 2026/11/23（令和8年）, for screens. long: 2026年11月23日（令和8年11月23日）, as contracts and permits
   * state dates.
   */
  style?: 'short' | 'long';
  /** Between the western and the era date ('\n' puts the era on a line of its own in a narrow cell). */
  separator?: string;
}

/**
 * A Japan date (YYYY-MM-DD) with its era beside the western year, the one way documents and screens show
 * expiry and contract dates. Anything but a date comes back as it was.
 */
export function formatDateWithEra(date: string, options: DateWithEraOptions = {}): string {
  const { language = 'ja', style = 'short', separator = '' } = options;
  const d = utcDate(date);
  if (!d) return date;
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  if (style === 'long' && language === 'ja')
    return `${y}年${m}月${day}日${separator}（${japaneseEraDate(date)}）`;
  const western = `${y}/${String(m).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
  return language === 'en' ? western : `${western}${separator}（${japaneseEraYear(date)}）`;
}
