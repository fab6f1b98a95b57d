import { conflict, notFound } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import type { Repositories } from '../ports';

export async function loadOrder(repos: Repositories, id: number) {
  const order = await repos.orders.findById(id);
  if (!order) throw notFound('Order not found');
  return order;
}

/** A guarded update that found the order in another status: someone else moved it first. */
export function moved(order: Order | null): Order {
  if (!order) throw conflict('The order changed while this was being done; reload and try again');
  return order;
}
