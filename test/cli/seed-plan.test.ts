import { describe, expect, it } from 'vitest';
import { listing } from '@cli/seed/catalogue';
import { DEMO_PRODUCTS } from '@cli/seed/demo';
import { planOrders } from '@cli/seed/orders';
import { solToLamports } from '@src/domain/money';
import { DEMO_BUYER_FUNDS } from '@src/local-demo';
import type { SeedWallet } from '@cli/seed/wallets';
import type { Product } from '@src/domain/entities';

const buyers = [1, 2, 3].map((number) => ({ role: 'buyer', number }) as SeedWallet);
const catalogue = Array.from(
  { length: 24 },
  (_, i) =>
    ({
      id: i + 1,
      sellerId: (i % 3) + 1,
      status: 'active',
      quantity: 1,
      soldQuantity: 0,
    }) as Product,
);

describe('planOrders', () => {
  it('never says the same sentence twice in a description', () => {
    for (let i = 0; i < 500; i += 1) {
      const sentences = listing(i)
        .description.split(/(?<=[.?!])\s+/)
        .slice(1);
      expect(new Set(sentences).size).toBe(sentences.length);
    }
  });

  it('gives each of three round-robin sellers orders at every stage', () => {
    const plan = planOrders(catalogue, buyers, 9, 0);
    for (const seller of [1, 2, 3]) {
      const stages = plan.filter((o) => o.product.sellerId === seller).map((o) => o.stage);
      expect(new Set(stages)).toEqual(new Set(['escrow_held', 'tracking_uploaded', 'completed']));
    }
  });

  it('never plans more orders for a product than it has units', () => {
    const plan = planOrders(catalogue.slice(0, 4), buyers, 10, 0);
    expect(plan).toHaveLength(4);
    expect(new Set(plan.map((o) => o.product.id)).size).toBe(4);
  });
});

describe('the demo catalogue', () => {
  it('is affordable to the Demo Buyer, even after it paid for every demo product once', () => {
    const prices = Array.from({ length: DEMO_PRODUCTS }, (_, i) => solToLamports(listing(i).price));
    const spent = prices.reduce((a, b) => a + b, 0n);
    const dearest = prices.reduce((a, b) => (b > a ? b : a), 0n);
    expect(DEMO_BUYER_FUNDS - spent).toBeGreaterThan(dearest);
  });
});
