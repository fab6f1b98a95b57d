import type { Caller } from '../context';
import type { Store } from '../ports';

/**
 * Proof-of-delivery files and files sent in an order's thread (evidence) are readable only by
 * the order's buyer and seller, and admins.
 */
export function canReadProof(deps: { store: Store }) {
  return async (caller: Caller | null, fileName: string): Promise<boolean> => {
    if (!caller) return false;
    if (caller.isAdmin) return true;
    const [bought, sold, threadOrder] = await Promise.all([
      deps.store.orders.listByBuyer(caller.userId),
      deps.store.orders.listBySeller(caller.userId),
      deps.store.messages.orderOfFile(fileName),
    ]);
    return [...bought, ...sold].some(
      (o) => o.uploadedFiles?.includes(fileName) || o.id === threadOrder,
    );
  };
}
