import { forbidden } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import type { DisputeParty } from '../../domain/entities';
import { requireCaller, type Caller } from '../context';

/** The caller's side of an order: its buyer or its seller (anyone else is refused). */
export function partyOf(caller: Caller | null, order: Order, doing: string): DisputeParty {
  const who = requireCaller(caller);
  if (order.buyerId === who.userId) return 'buyer';
  if (order.sellerId === who.userId) return 'seller';
  throw forbidden(`Only the buyer or the seller of this order can ${doing}`);
}

/** The buyer or the seller of the order, or an admin (who reads every thread). */
export function partyOrAdmin(caller: Caller | null, order: Order, doing: string) {
  const who = requireCaller(caller);
  if (who.isAdmin && order.buyerId !== who.userId && order.sellerId !== who.userId) return 'admin';
  return partyOf(caller, order, doing);
}
