/** One formatter for every call: building an Intl.DateTimeFormat costs far more than a format. */
const TOKYO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });

/** Ruling 10: business dates are Japan dates whatever the server's zone. */
export function tokyoDate(d: Date): string {
  return TOKYO_DATE.format(d);
}

/** Japanese weekday names, 0 = Sunday (日) ... 6 = Saturday (土), as printed in documents and mails. */
export const JAPANESE_WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
