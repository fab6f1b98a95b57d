import type { NonceRepository, SignInNonce } from '../../app/ports';
import { uniqueViolation } from '../schema/constraint-errors';
import { required } from './columns';
import type { Scope } from './memory-database';
import { frozen } from './tables';

/** One-time sign-in nonces: each is consumed once. */
export class MemoryNonceRepository implements NonceRepository {
  constructor(private readonly scope: Scope) {}

  create(nonce: SignInNonce): Promise<void> {
    return this.scope.write((tables) => {
      for (const value of Object.values(nonce)) required(value, 'sign_in_nonces');
      const expiresAt = nonce.expiresAt.getTime();
      if (tables.nonces.has(nonce.nonce)) throw uniqueViolation('sign_in_nonces_pkey');
      tables.nonces.set(
        nonce.nonce,
        frozen({
          nonce: nonce.nonce,
          walletAddress: nonce.walletAddress,
          message: nonce.message,
          expiresAt,
          usedAt: null,
        }),
      );
    });
  }

  consume(nonce: string): Promise<SignInNonce | null> {
    return this.scope.write((tables) => {
      const row = tables.nonces.get(nonce);
      if (!row || row.usedAt !== null) return null;
      tables.nonces.set(nonce, frozen({ ...row, usedAt: this.scope.now().getTime() }));
      return {
        nonce: row.nonce,
        walletAddress: row.walletAddress,
        message: row.message,
        expiresAt: new Date(row.expiresAt),
      };
    });
  }
}
