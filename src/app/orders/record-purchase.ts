import type { Product } from '../../domain/entities';
import { formatSol } from '../../domain/money';
import type { OrderStatus } from '../../domain/order';
import { statusAfterSale } from '../../domain/product-lifecycle';
import type { Caller } from '../context';
import type { Repositories } from '../ports';
import { notify, shortDate } from '../notifications/notify';
import type { ContactDetails } from '../../domain/contact';

export interface PurchaseCommand {
  productId: number;
  buyerId: number;
  sellerId: number;
  /** The price the buyer paid, as the product showed it ("12.50"). */
  price: string;
  /** The buyer -> escrow transfer. */
  signature: string;
  contact: ContactDetails;
}

interface Paid {
  cmd: PurchaseCommand;
  product: Product;
  buyer: Caller;
  lamports: bigint;
  status: OrderStatus;
  /** The ship-by and auto-refund dates the payment starts. */
  dates: { shipBy: Date; autoRefundAt: Date };
  /** Multisig mode: the escrow account the payment went into. */
  escrowAccount: string | null;
}

/**
 * In the transaction that claimed the payment's signature: takes a unit of stock and stores the
 * order. A verified payment that can no longer buy anything (price changed, sold out) is kept in
 * the ledger as refund-due instead.
 */
export async function recordPurchase(tx: Repositories, p: Paid) {
  const { cmd, product, buyer, lamports } = p;
  const ledger = (orderId: number | null, reason: string | null) =>
    tx.payments.record({
      signature: cmd.signature,
      payerWallet: buyer.walletAddress,
      lamports,
      productId: product.id,
      orderId,
      status: orderId === null ? 'refund_due' : 'matched',
      reason,
      escrowAccount: p.escrowAccount,
    });
  if (cmd.price !== product.price) {
    const reason = `the price is now ${product.price} SOL, you paid ${formatSol(lamports)} SOL`;
    await ledger(null, reason);
    return { refundDue: reason } as const;
  }
  if (!(await takeUnit(tx, product.id))) {
    const reason = 'the product is no longer available';
    await ledger(null, reason);
    return { refundDue: reason } as const;
  }
  const order = await tx.orders.create({
    productId: product.id,
    buyerId: buyer.userId,
    sellerId: product.sellerId,
    price: cmd.price,
    status: p.status,
    escrowTransactionHash: cmd.signature,
    buyerEmail: cmd.contact.buyerEmail ?? null,
    buyerAddress: cmd.contact.buyerAddress ?? null,
    buyerName: cmd.contact.buyerName ?? null,
    handlingDays: product.handlingDays,
    shipBy: p.dates.shipBy.toISOString(),
    autoRefundAt: p.dates.autoRefundAt.toISOString(),
  });
  await ledger(order.id, null);
  await notify(
    tx,
    product.sellerId,
    'sale',
    order,
    `New sale: ${product.name}. Ship by ${shortDate(p.dates.shipBy.toISOString())}`,
  );
  return { order } as const;
}

/** One unit out of stock; the lifecycle says whether that sold the product out. */
async function takeUnit(tx: Repositories, productId: number): Promise<boolean> {
  const taken = await tx.products.takeUnit(productId);
  if (!taken) return false;
  const next = statusAfterSale(taken);
  if (next !== taken.status) await tx.products.setStatus(productId, next);
  return true;
}
