import { describe, expect, it } from 'vitest';
import type { Reputation } from '@src/domain/entities';
import { ratingSummary } from '@web/features/reputation/reputation-text';

const seller = (over: Partial<Reputation>): Reputation => ({
  sellerId: 1,
  averageRating: null,
  reviews: 0,
  completedSales: 0,
  volume: '0.00',
  paidOrders: 0,
  disputes: 0,
  disputesLost: 0,
  firstSaleAt: null,
  ...over,
});

describe('a product card’s seller line', () => {
  it('says whose sales they are when there is no rating yet', () => {
    expect(ratingSummary(seller({ completedSales: 1 }))).toBe('Seller: 1 sale, no ratings');
    expect(ratingSummary(seller({ completedSales: 3 }))).toBe('Seller: 3 sales, no ratings');
    expect(ratingSummary(seller({}))).toBe('New seller');
  });
});
