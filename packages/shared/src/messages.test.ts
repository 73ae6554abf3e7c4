import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage, messageCodeOfIssue } from './messages';

/** The code of the first issue `schema` raises for `value`. */
const codeOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return messageCodeOfIssue(parsed.error.issues[0]!);
};

describe('messageCodeOfIssue: one code per failed check', () => {
  it.each([
    ['text over its maximum, no code given', z.string().max(5), 'abcdef', 'max_length_exceeded'],
    [
      'text over its maximum, with its code',
      z.string().max(5, 'max_length_exceeded'),
      'abcdef',
      'max_length_exceeded',
    ],
    ['text over its maximum, with a specific code', z.string().max(5, 'MSG_03_1'), 'abcdef', 'MSG_03_1'],
    ['a list over its maximum, no code given', z.array(z.number()).max(1), [1, 2], 'max_length_exceeded'],
    ['a number over its maximum', z.number().max(5), 6, 'invalid_format'],
    ['the wrong type', z.string(), 5, 'invalid_format'],
    ['a pattern', z.string().regex(/^\d+$/), 'x', 'invalid_format'],
    ['text under its minimum', z.string().min(2), 'a', 'invalid_format'],
    ['a code the schema names', z.string().min(1, 'MSG_00_21'), '', 'MSG_00_21'],
  ])('%s -> %s', (_what, schema, value, code) => {
    expect(codeOf(schema, value)).toBe(code);
  });

  it("reads the issue as Fastify's zod provider passes it on (kind, message, origin)", () => {
    expect(messageCodeOfIssue({ code: 'too_big', message: 'Too big', origin: 'string' })).toBe(
      'max_length_exceeded',
    );
    expect(messageCodeOfIssue({ code: 'too_big', message: 'Too big', origin: 'number' })).toBe(
      'invalid_format',
    );
    expect(messageCodeOfIssue({ message: 'anything' })).toBe('invalid_format');
  });

  it('keeps any other message for the forms (their own keys), reading only text or a list too long', () => {
    expect(issueMessage({ code: 'custom', message: 'quotes.someKey' })).toBe('quotes.someKey');
    expect(issueMessage({ code: 'too_big', message: 'Too big', origin: 'array' })).toBe(
      'max_length_exceeded',
    );
    expect(issueMessage({ code: 'too_big', message: 'MSG_28_5', origin: 'array' })).toBe('MSG_28_5');
  });
});
