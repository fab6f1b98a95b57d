import type { Knex } from 'knex';
import type { NonceRepository, Session, SessionRepository, SignInNonce } from '../../app/ports';
import { guard } from './db-errors';

interface SessionRow {
  token_hash: string;
  user_id: number;
  wallet_address: string;
  expires_at: Date;
}

export class KnexSessionRepository implements SessionRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  create(session: Session): Promise<void> {
    return guard(async () => {
      await this.db('sessions').insert({
        token_hash: session.tokenHash,
        user_id: session.userId,
        wallet_address: session.walletAddress,
        expires_at: session.expiresAt,
      });
    });
  }

  find(tokenHash: string, now: Date): Promise<Session | null> {
    return guard(async () => {
      // Every signed-in request asks (on PostgreSQL; PGlite's are remembered): named, so it is
      // parsed and planned once a connection.
      const { rows } = (await this.db
        .raw(
          'select "token_hash", "user_id", "wallet_address", "expires_at" from "sessions" ' +
            'where "token_hash" = ? and "revoked_at" is null and "expires_at" > ?',
          [tokenHash, now],
        )
        .options({ name: 'session_by_token' })) as { rows: SessionRow[] };
      const r = rows[0];
      return r
        ? {
            tokenHash: r.token_hash,
            userId: r.user_id,
            walletAddress: r.wallet_address,
            expiresAt: r.expires_at,
          }
        : null;
    });
  }

  revoke(tokenHash: string): Promise<void> {
    return guard(async () => {
      await this.db('sessions')
        .where({ token_hash: tokenHash })
        .whereNull('revoked_at')
        .update({ revoked_at: this.db.fn.now() });
    });
  }
}

interface NonceRow {
  nonce: string;
  wallet_address: string;
  message: string;
  expires_at: Date;
}

export class KnexNonceRepository implements NonceRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  create(nonce: SignInNonce): Promise<void> {
    return guard(async () => {
      await this.db('sign_in_nonces').insert({
        nonce: nonce.nonce,
        wallet_address: nonce.walletAddress,
        message: nonce.message,
        expires_at: nonce.expiresAt,
      });
    });
  }

  consume(nonce: string): Promise<SignInNonce | null> {
    return guard(async () => {
      // One statement: of two concurrent consumers exactly one gets the row back.
      const rows: NonceRow[] = await this.db('sign_in_nonces')
        .where({ nonce })
        .whereNull('used_at')
        .update({ used_at: this.db.fn.now() })
        .returning(['nonce', 'wallet_address', 'message', 'expires_at']);
      const r = rows[0];
      return r
        ? {
            nonce: r.nonce,
            walletAddress: r.wallet_address,
            message: r.message,
            expiresAt: r.expires_at,
          }
        : null;
    });
  }
}
