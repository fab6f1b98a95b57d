import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  DEFAULT_QUANTITY,
  IMAGE_MAX_SIDE,
  JPEG_QUALITY,
  MAX_IMAGES,
  MAX_IMAGE_BYTES,
  available,
  conditionLabel,
  isPurchasable,
} from '@src/domain/product';

describe('product constants', () => {
  it('has the four categories of the spec with their filter labels', () => {
    expect(CATEGORIES).toEqual(['digital-goods', 'physical-items', 'services', 'other']);
    expect(Object.values(CATEGORY_LABELS)).toEqual([
      'Digital Goods',
      'Physical Items',
      'Services',
      'Other',
    ]);
  });

  it('has the five conditions of the spec', () => {
    expect(CONDITIONS).toEqual(['new', 'like_new', 'good', 'fair', 'poor']);
  });

  it('keeps the image limits of the spec', () => {
    expect(MAX_IMAGES).toBe(5);
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
    expect(IMAGE_MAX_SIDE).toBe(800);
    expect(JPEG_QUALITY).toBe(0.8);
    expect(DEFAULT_QUANTITY).toBe(1);
  });
});

describe('conditionLabel', () => {
  it.each([
    ['like_new', 'Like new'],
    ['new', 'New'],
    ['poor', 'Poor'],
    ['very_well_used', 'Very well used'],
  ])('shows %s as %s', (condition, label) => {
    expect(conditionLabel(condition)).toBe(label);
  });
});

describe('available', () => {
  it('is quantity minus soldQuantity', () => {
    expect(available({ quantity: 10, soldQuantity: 3 })).toBe(7);
  });

  it('never goes below zero', () => {
    expect(available({ quantity: 1, soldQuantity: 2 })).toBe(0);
  });
});

describe('isPurchasable', () => {
  it('is true for an active product with stock left', () => {
    expect(isPurchasable({ status: 'active', quantity: 2, soldQuantity: 1 })).toBe(true);
  });

  it('is false once every unit is sold', () => {
    expect(isPurchasable({ status: 'active', quantity: 2, soldQuantity: 2 })).toBe(false);
  });

  it.each(['sold', 'inactive', 'deleted', 'removed'])('is false for a %s product', (status) => {
    expect(isPurchasable({ status, quantity: 5, soldQuantity: 0 })).toBe(false);
  });
});
