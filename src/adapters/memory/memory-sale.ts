import type { NewSale, Repositories } from '../../app/ports';
import type { ListingAsSold, Order } from '../../domain/entities';
import { statusAfterSale } from '../../domain/product-lifecycle';

/**
 * `OrderRepository.recordSale` in memory: the knex store's one statement as the steps it is
 * made of, run by the caller in one transaction (so a failing step leaves nothing).
 */
export async function recordSaleInSteps(
  repos: Repositories,
  sale: NewSale,
  keepListing: (orderId: number, listing: ListingAsSold) => Promise<void>,
): Promise<Order | null> {
  const { order: input, signature } = sale;
  await repos.signatures.claim(signature, 'payment', null);
  const ledger = (orderId: number | null) =>
    repos.payments.record({
      signature,
      payerWallet: sale.payerWallet,
      lamports: sale.lamports,
      productId: input.productId,
      orderId,
      status: orderId === null ? 'refund_due' : 'matched',
      reason: orderId === null ? sale.unavailableReason : null,
      escrowAccount: sale.escrowAccount,
    });
  const taken = await repos.products.takeUnit(input.productId);
  if (!taken) {
    await ledger(null);
    return null;
  }
  const next = statusAfterSale(taken);
  if (next !== taken.status) await repos.products.setStatus(input.productId, next);
  const order = await repos.orders.create(input);
  const { name, description, condition, images } = taken;
  await keepListing(order.id, { name, description, condition, images });
  await ledger(order.id);
  await repos.notifications.add({
    userId: input.sellerId,
    kind: 'sale',
    orderId: order.id,
    text: sale.note,
  });
  return order;
}
