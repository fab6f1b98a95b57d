import { requireAdmin, type Caller } from '../context';
import type { Store } from '../ports';
import { loadOrder } from './load-order';

/** Admin: one order with its product. */
export function adminOrder(deps: { store: Store }) {
  return async (caller: Caller | null, wallet: string | undefined, id: number) => {
    requireAdmin(caller, wallet);
    return loadOrder(deps.store, id);
  };
}
