import { hasInvalidCharacters, isMessageCode, type MessageCode } from '@junkan/shared';
import type { z } from 'zod';
import { AppError, fieldError } from './app-error';

function hasInvalidText(value: unknown): boolean {
  if (typeof value === 'string') return hasInvalidCharacters(value);
  if (Array.isArray(value)) return value.some(hasInvalidText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasInvalidCharacters(k) || hasInvalidText(v));
  return false;
}

/** A multipart call's `data` text as JSON: missing, unparsable or holding NUL / lone surrogates is refused. */
export function readDataField(raw: string | undefined): unknown {
  if (raw === undefined) throw fieldError('data', 'MSG_00_21');
  if (hasInvalidCharacters(raw)) throw fieldError('data', 'invalid_characters');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('data', 'invalid_format');
  }
  // JSON escapes (\u0000, a lone \ud800) arrive as characters only once parsed.
  if (hasInvalidText(value)) throw fieldError('data', 'invalid_characters');
  return value;
}

/** `value` through a shared schema, refused with field codes as the JSON calls answer them. */
export function parseDataValue<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, MessageCode> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'data';
    fields[field] ??= isMessageCode(issue.message) ? issue.message : 'invalid_format';
  }
  const first: MessageCode = Object.values(fields)[0] ?? 'invalid_format';
  throw new AppError(first, 'Validation failed', fields);
}

/** The `data` field read and parsed with a shared schema. */
export const parseDataField = <T extends z.ZodTypeAny>(schema: T, raw: string | undefined): z.infer<T> =>
  parseDataValue(schema, readDataField(raw));
