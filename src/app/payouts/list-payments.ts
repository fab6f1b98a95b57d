import type { PaymentStatus } from '../../domain/entities';
import { requireAdmin, type Caller } from '../context';
import type { Store } from '../ports';

/** The ledger of verified escrow payments, all or of one status. */
export function listPayments(deps: { store: Store }) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    status: PaymentStatus | undefined,
  ) => {
    requireAdmin(caller, wallet);
    return status ? deps.store.payments.listByStatus(status) : deps.store.payments.list();
  };
}
