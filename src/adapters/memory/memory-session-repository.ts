import type { Session, SessionRepository } from '../../app/ports';
import { missingReference, uniqueViolation } from '../schema/constraint-errors';
import { int4, required } from './columns';
import type { Scope } from './memory-database';
import { frozen } from './tables';

/** Server-side sessions, kept by the hash of their token. */
export class MemorySessionRepository implements SessionRepository {
  constructor(private readonly scope: Scope) {}

  create(session: Session): Promise<void> {
    return this.scope.write((tables) => {
      for (const value of Object.values(session)) required(value, 'sessions');
      const expiresAt = session.expiresAt.getTime();
      if (tables.sessions.has(session.tokenHash)) throw uniqueViolation('sessions_pkey');
      if (!tables.users.has(int4(session.userId))) {
        throw missingReference('user_id', 'sessions_user_id_fkey');
      }
      tables.sessions.set(
        session.tokenHash,
        frozen({
          tokenHash: session.tokenHash,
          userId: session.userId,
          walletAddress: session.walletAddress,
          expiresAt,
          revokedAt: null,
        }),
      );
    });
  }

  async find(tokenHash: string, now: Date): Promise<Session | null> {
    const row = this.scope.read().sessions.get(tokenHash);
    if (!row || row.revokedAt !== null || row.expiresAt <= now.getTime()) return null;
    return {
      tokenHash: row.tokenHash,
      userId: row.userId,
      walletAddress: row.walletAddress,
      expiresAt: new Date(row.expiresAt),
    };
  }

  revoke(tokenHash: string): Promise<void> {
    return this.scope.write((tables) => {
      const row = tables.sessions.get(tokenHash);
      if (row && row.revokedAt === null) {
        tables.sessions.set(tokenHash, frozen({ ...row, revokedAt: this.scope.now().getTime() }));
      }
    });
  }
}
