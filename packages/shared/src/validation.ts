import { z } from 'zod';
import { DATE_PATTERN, isIsoDate } from './business-day';
import {
  EDI_KEY_PATTERN,
  EMAIL_PATTERN,
  hasInvalidCharacters,
  isValidPhone,
  MAX_ID,
  MAX_LENGTH,
  PASSWORD_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRANT_NUMBER_PATTERN,
} from './field-rules';

export * from './field-rules';

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
  .max(MAX_LENGTH.telephone, 'max_length_exceeded')
  .refine(isValidPhone, 'MSG_00_24');

export const registrantNumberSchema = z.string().trim().regex(REGISTRANT_NUMBER_PATTERN, 'MSG_05_2');
export const ediKeySchema = z.string().trim().regex(EDI_KEY_PATTERN, 'MSG_05_3');

// Input every call shares: text, ids and dates. The server applies the text rule to every call (input guard);
// the forms use these schemas for the same rule.

/** Free text: a string without NUL or lone surrogates (`invalid_characters`). */
export const textSchema = () =>
  z.string({ error: 'MSG_00_21' }).refine((v) => !hasInvalidCharacters(v), 'invalid_characters');

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
