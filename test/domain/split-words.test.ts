import { describe, expect, it } from 'vitest';
import { refundWords, splitPaid, splitWords } from '@src/domain/split-words';

const split = { status: 'completed' as const, price: '2.00', refundedLamports: 1_200_000_000n };

describe('splitWords', () => {
  it('tells each side what a split paid it, exactly', () => {
    expect(splitWords(split, 'seller')).toBe(
      'Split: you received 0.80 SOL; 1.20 SOL went back to the buyer',
    );
    expect(splitWords(split, 'buyer')).toBe(
      'Split: 1.20 SOL refunded to you; 0.80 SOL to the seller',
    );
    expect(splitWords(split, 'admin')).toBe(
      'Split: 0.80 SOL to the seller; 1.20 SOL back to the buyer',
    );
    expect(splitPaid({ ...split, refundedLamports: 1n })).toEqual({
      seller: 1_999_999_999n,
      buyer: 1n,
    });
  });

  it('says nothing of an order paid one way or not settled', () => {
    expect(splitWords({ ...split, refundedLamports: null }, 'buyer')).toBeNull();
    expect(splitWords({ ...split, refundedLamports: 2_000_000_000n }, 'buyer')).toBeNull();
    expect(splitWords({ ...split, status: 'cancelled' }, 'seller')).toBeNull();
    expect(splitWords({ ...split, status: 'disputed' }, 'seller')).toBeNull();
  });
});

describe('refundWords', () => {
  const refunded = {
    status: 'cancelled' as const,
    price: '80.23',
    refundedLamports: 80_230_000_000n,
  };

  it('tells a cancelled order’s sides that the price went back to the buyer', () => {
    expect(refundWords(refunded, 'buyer')).toBe('Refunded: 80.23 SOL went back to your wallet');
    expect(refundWords(refunded, 'seller')).toBe('Refunded: 80.23 SOL went back to the buyer');
  });

  it('says nothing before the refund is paid, or of an order not cancelled', () => {
    expect(refundWords({ ...refunded, refundedLamports: null }, 'buyer')).toBeNull();
    expect(refundWords({ ...refunded, status: 'completed' }, 'buyer')).toBeNull();
  });
});
