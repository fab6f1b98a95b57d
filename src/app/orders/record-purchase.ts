import type { Product } from '../../domain/entities';
import { formatSol } from '../../domain/money';
import type { OrderStatus } from '../../domain/order';
import type { Caller } from '../context';
import type { Store } from '../ports';
import { shortDay } from '../../domain/dates';
import { recordRefundDue } from './unbought-payment';
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
 * Stores a verified payment: the order, in one step with its signature's claim, a unit of stock,
 * the ledger and the seller's note (`OrderRepository.recordSale`). A payment that can no longer
 * buy anything (the price changed, the product sold out or went away) claims its signature and
 * is kept in the ledger as refund-due instead.
 */
export async function recordPurchase(store: Store, p: Paid) {
  const { cmd, product, buyer, lamports } = p;
  if (cmd.price !== product.price) {
    const reason = `the price is now ${product.price} SOL, you paid ${formatSol(lamports)} SOL`;
    await recordRefundDue(store, {
      signature: cmd.signature,
      payerWallet: buyer.walletAddress,
      lamports,
      productId: product.id,
      reason,
      escrowAccount: p.escrowAccount,
    });
    return { refundDue: reason } as const;
  }
  const unavailable = 'the product is no longer available';
  const order = await store.orders.recordSale({
    signature: cmd.signature,
    payerWallet: buyer.walletAddress,
    lamports,
    escrowAccount: p.escrowAccount,
    unavailableReason: unavailable,
    note: `New sale: ${product.name}. Ship by ${shortDay(p.dates.shipBy.toISOString())}`,
    order: {
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
    },
  });
  return order ? ({ order } as const) : ({ refundDue: unavailable } as const);
}
