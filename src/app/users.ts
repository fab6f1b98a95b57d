import { conflict, notFound, validation } from '../domain/errors';
import { requireCaller, type Caller, type Deps } from './context';

export function makeUsers(deps: Deps) {
  return {
    async byWallet(walletAddress: string) {
      const user = await deps.store.users.findByWallet(walletAddress);
      if (!user) throw notFound('User not found');
      return user;
    },

    async byId(id: number) {
      const user = await deps.store.users.findById(id);
      if (!user) throw notFound('User not found');
      return user;
    },

    /** Spec: the user for a connected wallet; only that wallet's session may create it. */
    async create(caller: Caller | null, input: { walletAddress: unknown; username: unknown }) {
      const who = requireCaller(caller);
      if (input.walletAddress !== who.walletAddress) {
        throw validation('walletAddress must be the wallet you are signed in with');
      }
      const username = input.username ?? '';
      if (typeof username !== 'string' || username.length > 50) {
        throw validation('username must be text of at most 50 characters');
      }
      if (await deps.store.users.findByWallet(who.walletAddress)) {
        throw conflict('A user already exists for this wallet');
      }
      return deps.store.users.create({
        walletAddress: who.walletAddress,
        username: username.trim(),
      });
    },
  };
}
