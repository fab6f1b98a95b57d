import { DomainError } from '../../domain/errors';
import type { User } from '../../domain/entities';
import type { Clock, Store, WalletSignatures } from '../ports';
import { nonceOf } from './siws-message';
import { hashToken, randomToken, SESSION_TTL_MS } from './tokens';

export interface VerifyCommand {
  walletAddress: string;
  message: string;
  signature: string;
}

export interface SignedIn {
  user: User;
  isAdmin: boolean;
  token: string;
  expiresAt: Date;
}

const refuse = (why: string) => new DomainError('unauthenticated', why);

/** Checks the signed message and opens a session; the user is created on first sign-in. */
export function verify(deps: {
  store: Store;
  clock: Clock;
  signatures: WalletSignatures;
  isAdmin: (wallet: string) => boolean;
}) {
  return async (cmd: VerifyCommand): Promise<SignedIn> => {
    const nonce = nonceOf(cmd.message);
    const issued = nonce ? await deps.store.nonces.consume(nonce) : null;
    if (!issued) throw refuse('This sign-in request is unknown or was already used; try again');
    if (issued.message !== cmd.message || issued.walletAddress !== cmd.walletAddress) {
      throw refuse('The signed message is not the one this server issued for this wallet');
    }
    if (issued.expiresAt.getTime() <= deps.clock.now().getTime()) {
      throw refuse('This sign-in request has expired; try again');
    }
    const bytes = new TextEncoder().encode(cmd.message);
    if (!deps.signatures.verify(bytes, cmd.signature, cmd.walletAddress)) {
      throw refuse('The signature does not match this wallet');
    }
    const user = await deps.store.users.findOrCreate(cmd.walletAddress);
    const token = randomToken(32);
    const expiresAt = new Date(deps.clock.now().getTime() + SESSION_TTL_MS);
    await deps.store.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      walletAddress: cmd.walletAddress,
      expiresAt,
    });
    return { user, isAdmin: deps.isAdmin(cmd.walletAddress), token, expiresAt };
  };
}
