import { z } from 'zod';
import { DATE_PATTERN, isIsoDate } from './business-day';

/** Section 5 limits. */
export const MAX_LENGTH = {
  email: 254,
  /** users.user_name: sign-up sends the e-mail address there. */
  userName: 254,
  password: 24,
  accountName: 16,
  companyName: 32,
  contractPic: 16,
  officeName: 32,
  dischargeSiteName: 32,
  address: 254,
  wasteAddress3: 80,
  telephone: 13,
  postalCode: 8,
  vehicleNumber: 30,
  reporter: 24,
  transporter: 24,
  wasteNameSearch: 32,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const REGISTRANT_NUMBER_LENGTH = 7;
export const EDI_KEY_LENGTH = 8;

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
/** Ruling 6: half-width letters and digits, one lowercase, one uppercase, one digit, 8 to 24. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,24}$/;
export const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/;
/** Leading 0, groups of 1-4, 1-4 and 4 digits; the first two groups hold 6 or 7 digits. */
export const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{4}$/;
export const REGISTRANT_NUMBER_PATTERN = /^[A-Za-z0-9]{7}$/;
export const EDI_KEY_PATTERN = /^\d{8}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(value);
}

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE_PATTERN.test(value);
}

export function isValidPhone(value: string): boolean {
  if (value.length < 10 || value.length > 13 || !PHONE_PATTERN.test(value)) return false;
  const [first = '', second = ''] = value.split('-');
  const headDigits = first.length + second.length;
  return headDigits === 6 || headDigits === 7;
}

/** Keeps digits only, prefixes 0 when missing and stops at 11 digits (typing rule). */
export function normalizePhoneInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 0 && !digits.startsWith('0')) digits = `0${digits}`;
  return digits.slice(0, 11);
}

/**
 * Formats a typed phone number on blur. Mobile and IP numbers (0X0) are 3-4-4; other
 * 10-digit numbers 2-4-4 for Tokyo and Osaka (03, 06), 3-3-4 otherwise.
 */
export function formatPhone(value: string): string {
  const digits = normalizePhoneInput(value);
  if (digits.length === 11) return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) {
    if (/^0[36]/.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`;
    return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return digits;
}

/** Auto-hyphenates a postal code as typed: 1040061 -> 104-0061. */
export function formatPostalCode(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export function isPostalLookupEnabled(value: string | undefined | null): boolean {
  return typeof value === 'string' && value.length === MAX_LENGTH.postalCode && isValidPostalCode(value);
}

// zod building blocks: every message is a message code the client can show beside the field.
export const requiredString = (max: number) =>
  z
    .string({ error: 'MSG_00_21' })
    .trim()
    .min(1, 'MSG_00_21')
    .max(max, 'max_length_exceeded')
    .refine((v) => !hasInvalidCharacters(v), 'invalid_characters');

export const emailSchema = z
  .string({ error: 'MSG_00_21' })
  .trim()
  .min(1, 'MSG_00_21')
  .max(MAX_LENGTH.email, 'max_length_exceeded')
  .regex(EMAIL_PATTERN, 'MSG_00_22');

/** Sign-in: a malformed address is email_invalid (section 5), not MSG_00_22. */
export const loginEmailSchema = z
  .string({ error: 'MSG_00_21' })
  .trim()
  .min(1, 'MSG_00_21')
  .max(MAX_LENGTH.email, 'max_length_exceeded')
  .regex(EMAIL_PATTERN, 'email_invalid');

export const newPasswordSchema = z
  .string({ error: 'MSG_00_21' })
  .min(1, 'MSG_00_21')
  .max(MAX_LENGTH.password, 'MSG_03_1')
  .regex(PASSWORD_PATTERN, 'MSG_03_1');

export const postalCodeSchema = z
  .string({ error: 'MSG_00_21' })
  .trim()
  .min(1, 'MSG_00_21')
  .regex(POSTAL_CODE_PATTERN, 'MSG_00_23');

export const phoneSchema = z
  .string({ error: 'MSG_00_21' })
  .trim()
  .min(1, 'MSG_00_21')
  .max(MAX_LENGTH.telephone, 'MSG_00_24')
  .refine(isValidPhone, 'MSG_00_24');

export const registrantNumberSchema = z.string().trim().regex(REGISTRANT_NUMBER_PATTERN, 'MSG_05_2');
export const ediKeySchema = z.string().trim().regex(EDI_KEY_PATTERN, 'MSG_05_3');

// Input every call shares: text, ids and dates. The server applies the text rule to every call (input guard);
// the forms use these schemas for the same rule.

/** U+0000, or a UTF-16 surrogate without its partner: text no database column or JSON value can hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const INVALID_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasInvalidCharacters(value: string): boolean {
  return INVALID_CHARACTERS.test(value);
}

/** Free text: a string without NUL or lone surrogates (`invalid_characters`). */
export const textSchema = () =>
  z.string({ error: 'MSG_00_21' }).refine((v) => !hasInvalidCharacters(v), 'invalid_characters');

/** The largest id a row can have (the columns are 32-bit integers). */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a whole number from 1 to MAX_ID; missing is MSG_00_21, anything else invalid_format. */
export const idSchema = z
  .number({ error: (issue) => (issue.input == null ? 'MSG_00_21' : 'invalid_format') })
  .int('invalid_format')
  // 0 is what a select sends when nothing is chosen.
  .min(1, 'MSG_00_21')
  .max(MAX_ID, 'invalid_format');

/** Decimal digits only: no sign, spaces, `0x`, `.0` or exponent (a path `7e0` is not 7). */
const DECIMAL_PATTERN = /^\d{1,16}$/;

/**
 * A whole number written in a path or query string, from `min` to `max`: only plain decimal digits
 * are read (`0x7`, ` 7`, `7.0`, `7e0` are refused), so one value has one spelling.
 */
export const decimalParam = (min: number, max: number) =>
  z
    .string({ error: 'MSG_00_21' })
    .regex(DECIMAL_PATTERN, 'invalid_format')
    .transform(Number)
    .pipe(z.number().int().min(min, 'invalid_format').max(max, 'invalid_format'));

/** A whole number from `min` to `max`, as a JSON number or as the decimal text a link carried. */
export const wholeNumber = (min: number, max: number) =>
  z.union(
    [
      z.number().int('invalid_format').min(min, 'invalid_format').max(max, 'invalid_format'),
      decimalParam(min, max),
    ],
    {
      error: 'invalid_format',
    },
  );

/** An id in a path or query string: decimal digits, 1 to MAX_ID. */
export const idParam = () => decimalParam(1, MAX_ID);

/** A calendar date written YYYY-MM-DD that exists (leap years counted; 2026-02-30 and 2026-13-01 do not). */
export const isoDateSchema = () =>
  z
    .string({ error: 'MSG_00_21' })
    .trim()
    .min(1, 'MSG_00_21')
    .regex(DATE_PATTERN, 'invalid_format')
    .refine(isIsoDate, 'invalid_format');
