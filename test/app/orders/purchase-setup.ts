import { purchase, type PurchaseCommand } from '@src/app/orders/purchase';
import { solToLamports } from '@src/domain/money';
import { appWorld } from '@test/support/app-world';

/** A seller's product, a buyer, and the purchase use case on an app world. */
export async function setup(listing: Parameters<ReturnType<typeof appWorld>['listing']>[1] = {}) {
  const world = appWorld();
  const seller = await world.person();
  const buyer = await world.person();
  const product = await world.listing(seller, listing);
  const buy = purchase(world.deps);
  /** What the buyer posts after paying `paid` (the product's price unless said). */
  const command = (overrides: Partial<PurchaseCommand> = {}, paid = product.price) => ({
    productId: product.id,
    buyerId: buyer.userId,
    sellerId: seller.userId,
    price: product.price,
    signature: world.pay(buyer, paid),
    contact: {},
    ...overrides,
  });
  const price = solToLamports(product.price);
  return { ...world, seller, buyer, product, price, buy, command };
}

export type World = Awaited<ReturnType<typeof setup>>;

/** The product's stock count and status now. */
export async function stock(w: World, id: number) {
  const p = await w.store.products.findById(id);
  return { soldQuantity: p?.soldQuantity, status: p?.status };
}
