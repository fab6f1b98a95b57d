import { describe, expect, it } from 'vitest';
import {
  computeUnitLimit,
  MAX_PRIORITY_MICRO_LAMPORTS,
  priorityFee,
  priorityLamports,
} from '@src/domain/fees';

describe('compute budget', () => {
  it('sizes the limit to the transfers, with room for the budget instructions', () => {
    expect(computeUnitLimit(1)).toBe(900);
    expect(computeUnitLimit(2)).toBe(1200);
  });

  it('takes the median of recent fees, lower middle for an even count', () => {
    expect(priorityFee([])).toBe(0n);
    expect(priorityFee([5, 1, 3])).toBe(3n);
    expect(priorityFee([10, 0, 0, 20])).toBe(0n);
    expect(priorityFee([4n, 8n, 6n, 100n])).toBe(6n);
  });

  it('never pays more than the cap per unit', () => {
    expect(priorityFee([9e12, 9e12, 9e12])).toBe(MAX_PRIORITY_MICRO_LAMPORTS);
  });

  it('rounds the priority part of the fee up to a whole lamport', () => {
    expect(priorityLamports(900, 0n)).toBe(0n);
    expect(priorityLamports(900, 1n)).toBe(1n);
    expect(priorityLamports(900, 1_000_000n)).toBe(900n);
  });
});
