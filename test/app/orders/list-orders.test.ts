import { describe, expect, it } from 'vitest';
import { adminOrders, buyerOrders, sellerOrders } from '@src/app/orders/list-orders';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup() {
  const world = appWorld();
  const sale = await world.sale();
  return {
    ...world,
    ...sale,
    bought: buyerOrders(world.deps),
    sold: sellerOrders(world.deps),
    queue: adminOrders(world.deps),
  };
}

describe('order lists', () => {
  it("shows a buyer their orders and a seller their sales, each with the product's summary", async () => {
    const w = await setup();
    const summary = { id: w.product.id, name: w.product.name, image: null, status: 'sold' };
    expect(await w.bought(w.buyer, w.buyer.userId)).toEqual([{ ...w.order, product: summary }]);
    expect(await w.sold(w.seller, w.seller.userId)).toEqual([{ ...w.order, product: summary }]);
  });

  it("refuses someone else's lists, except to an admin", async () => {
    const w = await setup();
    await domainError(w.bought(w.seller, w.buyer.userId), 'forbidden');
    await domainError(w.sold(w.buyer, w.seller.userId), 'forbidden');
    await domainError(w.bought(null, w.buyer.userId), 'unauthenticated');
    expect(await w.bought(w.admin, w.buyer.userId)).toHaveLength(1);
  });

  it('shows an admin the orders in the statuses asked for', async () => {
    const w = await setup();
    expect(await w.queue(w.admin, ADMIN, ['escrow_held'])).toHaveLength(1);
    expect(await w.queue(w.admin, ADMIN, ['completed'])).toEqual([]);
    await domainError(w.queue(w.buyer, w.buyer.walletAddress, ['escrow_held']), 'forbidden');
  });
});
