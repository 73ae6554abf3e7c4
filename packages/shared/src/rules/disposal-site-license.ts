/**
 * A disposal site's license as of a Japan date: a site whose license expiry date has passed cannot be chosen as a
 * destination (spec section 8: "disposal site permit cannot be confirmed"); one without a date is not judged.
 */
export function isDisposalSiteLicenseExpired(expireDate: string | null | undefined, today: string): boolean {
  return !!expireDate && expireDate < today;
}
