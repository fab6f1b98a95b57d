import type { Resolution } from '../../domain/dispute';
import { requireAdmin, type Caller } from '../context';
import { recordPayout, type PayoutDeps } from './record-payout';

/**
 * An admin records a payout the escrow wallet sent (checked on chain): the spec's release of a
 * shipped order (`release`), a refund (`refund`), or whatever payout was reserved (no action).
 */
export function adminPayout(deps: PayoutDeps, action?: Resolution) {
  const record = recordPayout(deps);
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    id: number,
    signature: string,
  ) => {
    requireAdmin(caller, wallet);
    return record('admin', id, signature, action);
  };
}
