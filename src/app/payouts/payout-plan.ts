import { notFound } from '../../domain/errors';
import type { DisputeParty, Order, PayoutAttempt } from '../../domain/entities';
import type { Resolution } from '../../domain/dispute';
import { solToLamports } from '../../domain/money';
import type { Repositories } from '../ports';

export interface PlannedPart {
  recipient: DisputeParty;
  wallet: string;
  lamports: bigint;
}

/** Who gets what: a release pays the seller the price, a refund the buyer, a split both. */
export function amounts(
  order: Pick<Order, 'price'>,
  action: Resolution,
  split?: { seller: bigint; buyer: bigint },
): { seller: bigint; buyer: bigint } {
  const price = solToLamports(order.price);
  if (action === 'release') return { seller: price, buyer: 0n };
  if (action === 'refund') return { seller: 0n, buyer: price };
  if (!split) throw new Error('a split needs its two parts');
  return split;
}

/** The transfers a payout is made of, with the wallets they go to (parts of 0 are left out). */
export async function payoutPlan(
  repos: Repositories,
  order: Order,
  parts: Pick<PayoutAttempt, 'sellerLamports' | 'buyerLamports'>,
): Promise<PlannedPart[]> {
  const plan: PlannedPart[] = [];
  for (const [recipient, userId, lamports] of [
    ['seller', order.sellerId, parts.sellerLamports],
    ['buyer', order.buyerId, parts.buyerLamports],
  ] as const) {
    if (lamports === 0n) continue;
    const user = await repos.users.findById(userId);
    if (!user) throw notFound(recipient === 'seller' ? 'Seller not found' : 'Buyer not found');
    plan.push({ recipient, wallet: user.walletAddress, lamports });
  }
  return plan;
}
