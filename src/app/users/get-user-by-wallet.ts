import { notFound } from '../../domain/errors';
import type { Store } from '../ports';

/** A user by wallet (spec: 404 means the wallet has none yet). */
export function getUserByWallet(deps: { store: Store }) {
  return async (walletAddress: string) => {
    const user = await deps.store.users.findByWallet(walletAddress);
    if (!user) throw notFound('User not found');
    return user;
  };
}
