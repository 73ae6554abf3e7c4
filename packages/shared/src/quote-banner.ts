import type { QuoteParams } from './api/auth';

/** The account-creation banner shows only when type, pcode, size, num (non-zero) and week (non-zero) are all present. */
export function isQuoteBannerShown(
  params: Partial<Record<keyof QuoteParams, string | number | undefined | null>>,
): boolean {
  const { type, pcode, size, num, week } = params;
  const present = (v: unknown) => v !== undefined && v !== null && v !== '';
  const nonZero = (v: unknown) => present(v) && Number(v) !== 0 && !Number.isNaN(Number(v));
  return present(type) && present(pcode) && present(size) && nonZero(num) && nonZero(week);
}

/** After registration: to the regular-garbage quote request when type, size, num and week came along, else home. */
export function registrationRedirect(
  params: Partial<Record<'type' | 'size' | 'num' | 'week', string | number | null | undefined>>,
): string {
  const { type, size, num, week } = params;
  const all = [type, size, num, week].every((v) => v !== undefined && v !== null && v !== '');
  if (!all) return '/';
  const q = (['type', 'size', 'num', 'week'] as const)
    .map((k) => `${k}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
  return `/new-quote-request/regular-garbage?${q}`;
}
