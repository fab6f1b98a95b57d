import { validation } from '../../domain/errors';
import type { Clock, Store, WalletSignatures } from '../ports';
import { siwsMessage } from './siws-message';
import { NONCE_TTL_MS, randomToken } from './tokens';

export interface ChallengeCommand {
  walletAddress: string;
  /** The public host and origin the browser sees (they go into the signed message). */
  domain: string;
  uri: string;
}

/** Issues a single-use nonce and the exact message the wallet must sign. */
export function challenge(deps: {
  store: Store;
  clock: Clock;
  signatures: WalletSignatures;
  cluster: string;
}) {
  return async (cmd: ChallengeCommand) => {
    if (!deps.signatures.isAddress(cmd.walletAddress)) {
      throw validation('walletAddress must be a base58 Solana address');
    }
    const nonce = randomToken(16);
    const issuedAt = deps.clock.now();
    const expiresAt = new Date(issuedAt.getTime() + NONCE_TTL_MS);
    const message = siwsMessage({
      domain: cmd.domain,
      uri: cmd.uri,
      address: cmd.walletAddress,
      chainId: `solana:${deps.cluster}`,
      nonce,
      issuedAt,
      expiresAt,
    });
    await deps.store.nonces.create({ nonce, walletAddress: cmd.walletAddress, message, expiresAt });
    return { message, nonce, expiresAt: expiresAt.toISOString() };
  };
}
