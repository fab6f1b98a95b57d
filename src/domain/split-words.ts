import type { OrderWithProduct } from './entities';
import { formatSol, solToLamports } from './money';
import type { OrderViewer } from './status-labels';

type Settled = Pick<OrderWithProduct, 'status' | 'price' | 'refundedLamports'>;

/**
 * What a dispute settled by a split paid each side, in lamports: the seller the price less what
 * went back to the buyer. Null for any other order (nothing back, or everything back).
 */
export function splitPaid(order: Settled): { seller: bigint; buyer: bigint } | null {
  if (order.status !== 'completed') return null;
  const buyer = order.refundedLamports ?? 0n;
  const price = solToLamports(order.price);
  if (buyer <= 0n || buyer >= price) return null;
  return { seller: price - buyer, buyer };
}

/**
 * A split in plain words for one side ("Split: you received 0.80 SOL; 1.20 SOL went back to
 * the buyer"), exact to the lamport; null when the order was not settled by a split.
 */
export function splitWords(order: Settled, viewer: OrderViewer): string | null {
  const parts = splitPaid(order);
  if (!parts) return null;
  const seller = formatSol(parts.seller);
  const buyer = formatSol(parts.buyer);
  if (viewer === 'seller')
    return `Split: you received ${seller} SOL; ${buyer} SOL went back to the buyer`;
  if (viewer === 'buyer') return `Split: ${buyer} SOL refunded to you; ${seller} SOL to the seller`;
  return `Split: ${seller} SOL to the seller; ${buyer} SOL back to the buyer`;
}

/**
 * An order refunded whole, for one side ("Refunded: 2.00 SOL went back to your wallet"), so a
 * cancelled order says where the money went; null for any other order, or one not yet refunded.
 */
export function refundWords(order: Settled, viewer: OrderViewer): string | null {
  if (order.status !== 'cancelled' || !order.refundedLamports) return null;
  const amount = formatSol(order.refundedLamports);
  if (viewer === 'buyer') return `Refunded: ${amount} SOL went back to your wallet`;
  return `Refunded: ${amount} SOL went back to the buyer`;
}
