import { conflict, validation } from '../../domain/errors';
import { requireCaller, type Caller } from '../context';
import type { Store } from '../ports';

export interface CreateUserCommand {
  walletAddress: string;
  username: string;
}

/** Spec: the user for a connected wallet; only that wallet's session may create it. */
export function createUser(deps: { store: Store }) {
  return async (caller: Caller | null, cmd: CreateUserCommand) => {
    const who = requireCaller(caller);
    if (cmd.walletAddress !== who.walletAddress) {
      throw validation('walletAddress must be the wallet you are signed in with');
    }
    if (await deps.store.users.findByWallet(who.walletAddress)) {
      throw conflict('A user already exists for this wallet');
    }
    return deps.store.users.create({ walletAddress: who.walletAddress, username: cmd.username });
  };
}
