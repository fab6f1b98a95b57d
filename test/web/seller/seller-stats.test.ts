import { describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { sellerStats } from '@web/features/seller/seller-stats';
import { makeOrder } from '../buyer/make-order';

const sales = (...orders: Parameters<typeof makeOrder>[1][]) =>
  sellerStats(
    [],
    orders.map((o) => makeOrder(null, o)),
  ).totalSalesExact;

describe('sellerStats: Total Sales', () => {
  it('counts a split order as the seller’s part: the price less what went back', () => {
    expect(
      sales({ price: '2.00', status: 'completed', refundedLamports: solToLamports('1.20') }),
    ).toBe('0.80');
  });

  it('counts the whole price of a completed order nothing went back for, and nothing else', () => {
    expect(
      sales(
        { price: '0.10', status: 'completed', refundedLamports: null },
        { price: '0.20', status: 'escrow_held', refundedLamports: null },
        { price: '1.50', status: 'cancelled', refundedLamports: solToLamports('1.50') },
        { price: '2.00', status: 'completed', refundedLamports: 1n },
      ),
    ).toBe('2.099999999');
  });
});
