import type { OrderWithProduct, User } from '@src/domain/entities';
import { adminOrder, adminOrders } from '@src/contracts/orders';
import { getUser } from '@src/contracts/users';
import { ORDER_STATUSES } from '@src/domain/order';
import type { AdminSession } from './admin-session';
import { ApiError, CliError, UsageError } from './errors';

/** An order id argument: a positive whole number. */
export function parseId(text: string, what: string): number {
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(`${what} must be a positive whole number, not "${text}"`);
  }
  return id;
}

/** Orders in the given statuses (the admin escrow list; every status when `statuses` is 'all'). */
export async function listOrders(
  session: AdminSession,
  statuses: readonly string[] | 'all',
): Promise<OrderWithProduct[]> {
  const status = (statuses === 'all' ? ORDER_STATUSES : statuses).join(',');
  return session.api.send(adminOrders, { query: { walletAddress: session.wallet, status } });
}

/** `asked`, or a 404 said with what was looked for: "Order #9999 not found". */
export async function named<T>(what: string, asked: Promise<T>): Promise<T> {
  try {
    return await asked;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CliError(`${what} not found`);
    throw error;
  }
}

/** One order by id, whatever its status. */
export async function findOrder(session: AdminSession, id: number): Promise<OrderWithProduct> {
  return named(
    `Order #${id}`,
    session.api.send(adminOrder, { params: { id }, query: { walletAddress: session.wallet } }),
  );
}

export async function findUser(session: AdminSession, id: number): Promise<User> {
  return session.api.send(getUser, { params: { id } });
}
