import { hasInvalidCharacters } from '@junkan/shared/field-rules';
import { type MessageCode, messageCodeOfIssue } from '@junkan/shared/messages';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error';
import { findInvalidText, JSON_BOUNDS, jsonBeyondBounds } from '../../lib/input-bounds';

/** The most a multipart call's `data` field holds: a JSON body's bytes (a route's parser limit `fieldSize`). */
export const DATA_FIELD_MAX_BYTES = JSON_BOUNDS.bytes;

/**
 * A multipart call's `data` text as JSON, held to a JSON body's bounds: missing, past the bounds
 * (`request_too_complex`), unparsable, or holding NUL / lone surrogates is refused.
 */
function readDataField(raw: string | undefined): unknown {
  if (raw === undefined) throw fieldError('data', 'MSG_00_21');
  if (hasInvalidCharacters(raw)) throw fieldError('data', 'invalid_characters');
  if (jsonBeyondBounds(raw)) throw fieldError('data', 'request_too_complex');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('data', 'invalid_format');
  }
  // JSON escapes (\u0000, a lone \ud800) arrive as characters only once parsed.
  if (findInvalidText(value)) throw fieldError('data', 'invalid_characters');
  return value;
}

/** `value` through a shared schema, refused with field codes as the JSON calls answer them. */
function parseDataValue<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, MessageCode> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'data';
    fields[field] ??= messageCodeOfIssue(issue);
  }
  const first: MessageCode = Object.values(fields)[0] ?? 'invalid_format';
  throw new AppError(first, 'Validation failed', fields);
}

/** The `data` field read and parsed with a shared schema. */
export const parseDataField = <T extends z.ZodTypeAny>(schema: T, raw: string | undefined): z.infer<T> =>
  parseDataValue(schema, readDataField(raw));
