import { describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { buyerStats } from '@web/features/buyer/buyer-stats';
import { makeOrder } from './make-order';

const spent = (...orders: Parameters<typeof makeOrder>[1][]) =>
  buyerStats(orders.map((o) => makeOrder(null, o))).totalSpentExact;

describe('buyerStats: Total Spent', () => {
  it('counts a split order as the seller’s part: the price less what came back', () => {
    expect(
      spent({ price: '2.00', status: 'completed', refundedLamports: solToLamports('1.20') }),
    ).toBe('0.80');
  });

  it('counts an order refunded in full as nothing, whatever its status says', () => {
    const refunded = solToLamports('1.50');
    expect(spent({ price: '1.50', status: 'cancelled', refundedLamports: refunded })).toBe('0.00');
    expect(spent({ price: '1.50', status: 'completed', refundedLamports: refunded })).toBe('0.00');
  });

  it('counts a cancelled order as nothing when the server says no amount (an older server)', () => {
    expect(spent({ price: '1.50', status: 'cancelled' })).toBe('0.00');
  });

  it('counts the whole price of an order nothing came back for, paid to escrow or released', () => {
    expect(
      spent(
        { price: '0.10', status: 'completed', refundedLamports: null },
        { price: '0.20', status: 'escrow_held', refundedLamports: null },
        { price: '2.00', status: 'completed', refundedLamports: solToLamports('1.20') },
      ),
    ).toBe('1.10');
  });
});
