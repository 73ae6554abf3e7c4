import type { QuoteParams } from '@junkan/shared/api/auth';
import { api } from '../../../lib/api-client';

export const QUOTE_PARAM_KEYS = ['type', 'pcode', 'size', 'num', 'week'] as const;

/** Quote parameters present in the address, as strings. */
export function readQuoteParams(search: URLSearchParams): Partial<Record<keyof QuoteParams, string>> {
  const out: Partial<Record<keyof QuoteParams, string>> = {};
  for (const key of QUOTE_PARAM_KEYS) {
    const value = search.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}

export function signup(
  body: { email: string; password: string } & Partial<Record<keyof QuoteParams, string>>,
) {
  const { size, num, week, ...rest } = body;
  const toNumber = (v?: string) => (v === undefined || Number.isNaN(Number(v)) ? undefined : Number(v));
  return api.post<{ result: boolean }>(
    '/auth/signup',
    { ...rest, role: 'WASTE', size: toNumber(size), num: toNumber(num), week: toNumber(week) },
    { auth: false },
  );
}
