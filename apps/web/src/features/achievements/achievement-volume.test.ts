import { describe, expect, it } from 'vitest';
import { csvVolume, formatAchievementVolume, volumeWithUnitText } from './achievement-volume';

describe('achievement volumes (section 5)', () => {
  it.each([
    [0, '0.00', '0.00'],
    [3, '3.00', '3.00'],
    [4.3, '4.30', '4.30'],
    // Sums of floats are written to two decimals.
    [2.5 + 0.5 + 0.6 + 0.7, '4.30', '4.30'],
    [1234.5, '1,234.50', '1234.50'],
    [99999.99, '99,999.99', '99999.99'],
    // A whole number of 6 or 7 digits stays whole, as the volume input writes it.
    [123456, '123,456', '123456'],
    [1234567, '1,234,567', '1234567'],
    // A line's sum past 5 digits with a fraction keeps its two decimals.
    [123456.5, '123,456.50', '123456.50'],
    [12345678.25, '12,345,678.25', '12345678.25'],
  ])('%s -> %s (CSV %s)', (value, shown, csv) => {
    expect(formatAchievementVolume(value)).toBe(shown);
    expect(csvVolume(value)).toBe(csv);
  });

  it('puts the unit after the volume, or the volume alone without a unit', () => {
    expect(volumeWithUnitText(2.5, 't')).toBe('2.50 t');
    expect(volumeWithUnitText(3, '個')).toBe('3.00 個');
    expect(volumeWithUnitText(1000, 'kg')).toBe('1,000.00 kg');
    expect(volumeWithUnitText(1.5, null)).toBe('1.50');
  });
});
