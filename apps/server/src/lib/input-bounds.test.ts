import { describe, expect, it } from 'vitest';
import { findInvalidText, JSON_BOUNDS, jsonBeyondBounds } from './input-bounds';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const commas = (values: number) => `[${'0,'.repeat(values - 1)}0]`;

describe('jsonBeyondBounds', () => {
  it.each([
    ['a plain body', '{"email":"a@example.com","password":"x"}', null],
    [`${JSON_BOUNDS.depth} deep`, nested(JSON_BOUNDS.depth), null],
    [`${JSON_BOUNDS.depth + 1} deep`, nested(JSON_BOUNDS.depth + 1), 'depth'],
    ['5,000 deep', nested(5_000), 'depth'],
    ['deep objects', `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, 'depth'],
    // Brackets inside text are text.
    ['brackets in a string', JSON.stringify({ a: '['.repeat(1_000) }), null],
    ['an escaped quote before brackets', JSON.stringify({ a: `\\"${'{'.repeat(100)}` }), null],
    // The array is one value and each element another.
    [`${JSON_BOUNDS.values - 1} values in an array`, commas(JSON_BOUNDS.values - 1), null],
    [`${JSON_BOUNDS.values + 1} values in an array`, commas(JSON_BOUNDS.values + 1), 'values'],
    ['commas in strings', JSON.stringify({ a: ','.repeat(100_000) }), null],
    [`a key of ${JSON_BOUNDS.keyLength}`, `{"${'k'.repeat(JSON_BOUNDS.keyLength)}":1}`, null],
    [
      `a key of ${JSON_BOUNDS.keyLength + 1}`,
      `{"${'k'.repeat(JSON_BOUNDS.keyLength + 1)}" : 1}`,
      'keyLength',
    ],
    ['a long value', JSON.stringify({ k: 'v'.repeat(100_000) }), null],
    ['a long string in an array', JSON.stringify(['v'.repeat(100_000)]), null],
    // Not JSON: left to the parser.
    ['broken text', '{"a":', null],
    ['an unterminated string', '{"a', null],
  ])('%s -> %s', (_what, text, bound) => {
    expect(jsonBeyondBounds(text)).toBe(bound);
  });
});

describe('findInvalidText', () => {
  it.each([
    ['clean', { a: ['x', { b: 'y' }] }, null],
    ['NUL in a nested value', { a: ['x', { b: 'y\u0000' }] }, 'a.1.b'],
    ['a lone surrogate in a key', { a: { '\ud800': 1 } }, 'a.\ud800'],
    ['the first of two, in key order', { a: 'ok', b: 'x\u0000', c: 'y\u0000' }, 'b'],
    ['a top-level string', 'x\u0000', '_'],
  ])('%s -> %s', (_what, value, path) => {
    expect(findInvalidText(value)).toBe(path);
  });

  it('walks a value nested 100,000 deep without exhausting the call stack', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findInvalidText(value)).toBe(`${'0.'.repeat(100_000)}`.slice(0, -1));
  });
});
