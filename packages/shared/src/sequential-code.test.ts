import { describe, expect, it } from 'vitest';
import { compareSequentialCodes, nextSequentialCode } from './sequential-code';

describe('nextSequentialCode', () => {
  it.each([
    [null, '00001'],
    [undefined, '00001'],
    ['', '00001'],
    ['abc', '00001'],
    ['00001', '00002'],
    ['00009', '00010'],
    ['00099', '00100'],
    ['99999', '100000'],
    ['123', '00124'],
  ])('after %s comes %s', (last, next) => {
    expect(nextSequentialCode(last)).toBe(next);
  });

  it('pads to the width asked for', () => {
    expect(nextSequentialCode('7', 3)).toBe('008');
    expect(nextSequentialCode(null, 8)).toBe('00000001');
  });
});

describe('compareSequentialCodes', () => {
  it.each([
    ['00001', '00002', -1],
    ['00010', '00009', 1],
    ['100000', '99999', 1],
    ['00005', '00005', 0],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareSequentialCodes(a, b))).toBe(sign);
  });
});
