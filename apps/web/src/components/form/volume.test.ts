import { describe, expect, it } from 'vitest';
import { formatVolume, sanitizeVolumeTyping, unformatVolume } from './volume';

describe('formatVolume', () => {
  it.each([
    ['0', '0.00'],
    ['12', '12.00'],
    ['1234.5', '1,234.50'],
    ['12345.67', '12,345.67'],
    ['1,234', '1,234.00'],
    ['000123', '123.00'],
    ['00000000', '0.00'],
    ['0.5', '0.50'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
    ['', ''],
    ['12345678', '12345678'],
    ['123456.5', '123456.5'],
    ['1.234', '1.234'],
    ['abc', 'abc'],
  ])('%s -> %s', (raw, expected) => {
    expect(formatVolume(raw)).toBe(expected);
  });
});

describe('sanitizeVolumeTyping', () => {
  it('keeps digits, points and commas, at most 8 characters', () => {
    expect(sanitizeVolumeTyping('1a2-3.4５')).toBe('123.4');
    expect(sanitizeVolumeTyping('123456789')).toBe('12345678');
  });
});

describe('unformatVolume', () => {
  it('drops the separators for editing, and formatting brings them back', () => {
    expect(unformatVolume('1,234.50')).toBe('1234.50');
    expect(formatVolume(unformatVolume('1,234,567'))).toBe('1,234,567');
  });
});
