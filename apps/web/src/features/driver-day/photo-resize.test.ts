import { DRIVER_MARK_MAX } from '@junkan/shared/driver-rules';
import { describe, expect, it } from 'vitest';
import { fitWithin } from './photo-resize';

describe('the size a photo is sent at', () => {
  it.each([
    [4032, 3024, { width: 1600, height: 1200 }],
    [3024, 4032, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [640, 480, { width: 640, height: 480 }],
    [10000, 10, { width: 1600, height: 2 }],
  ])('%i x %i', (width, height, size) => {
    expect(fitWithin(width, height, DRIVER_MARK_MAX.photoSide)).toEqual(size);
  });
});
