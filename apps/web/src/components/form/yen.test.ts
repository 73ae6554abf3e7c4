import { describe, expect, it } from 'vitest';
import { formatYenInput, parseYenInput } from './yen';

describe('formatYenInput', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    [0, '0'],
    [1234567, '1,234,567'],
    ['98765', '98,765'],
  ])('%s shows as %s', (value, shown) => {
    expect(formatYenInput(value)).toBe(shown);
  });
});

describe('parseYenInput', () => {
  it('keeps the digits of a typed amount', () => {
    expect(parseYenInput('￥1,234')).toBe('1234');
    expect(parseYenInput('12a3')).toBe('123');
  });

  it('reads a cleared field as empty, not 0', () => {
    expect(parseYenInput('')).toBe('');
    expect(parseYenInput(undefined)).toBe('');
    expect(parseYenInput('￥')).toBe('');
  });

  it('round-trips with the formatter', () => {
    expect(parseYenInput(formatYenInput(99_999_999))).toBe('99999999');
  });
});
