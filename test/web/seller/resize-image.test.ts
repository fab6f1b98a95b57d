import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE } from '@src/domain/product';
import { targetSize } from '@web/features/seller/resize-image';

describe('targetSize', () => {
  it('shrinks a landscape image so its width is 800', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 800, height: 600 });
  });

  it('shrinks a portrait image so its height is 800', () => {
    expect(targetSize(1080, 1920)).toEqual({ width: 450, height: 800 });
  });

  it('keeps a small image as it is (never enlarges)', () => {
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(targetSize(800, 800)).toEqual({ width: 800, height: 800 });
  });

  it('rounds and never goes below one pixel', () => {
    expect(targetSize(801, 333)).toEqual({ width: 800, height: 333 });
    expect(targetSize(100_000, 10)).toEqual({ width: 800, height: 1 });
  });

  it('uses the spec bound of 800 by default and honours another', () => {
    expect(IMAGE_MAX_SIDE).toBe(800);
    expect(targetSize(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });

  it('refuses an image without a size', () => {
    expect(() => targetSize(0, 10)).toThrow('The image has no size');
  });
});
