import { notFound } from '../../domain/errors';
import type { Store } from '../ports';

/** A user by id (the seller's wallet is read this way before buying). */
export function getUser(deps: { store: Store }) {
  return async (id: number) => {
    const user = await deps.store.users.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  };
}
