/** Ruling 10: business dates are Japan dates whatever the server's zone. */
export function tokyoDate(d: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(d);
}
