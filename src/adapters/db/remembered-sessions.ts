import { LRUCache } from 'lru-cache';
import type { Session, SessionRepository } from '../../app/ports';

/** Sessions remembered by one process; far more than the people signed in at once. */
const REMEMBERED = 10_000;

export type SessionMemory = LRUCache<string, Session>;

export const sessionMemory = (): SessionMemory => new LRUCache({ max: REMEMBERED });

/** Revocations begun and ended so far, per memory. */
const revoked = new WeakMap<SessionMemory, number>();
const revocations = (memory: SessionMemory) => revoked.get(memory) ?? 0;

/**
 * The sessions of a database that only this process writes (the embedded PGlite, whose folder
 * is locked to one process): a live session read once is answered from memory until it expires
 * or is revoked here, so a signed-in request costs no query. Only sessions found are
 * remembered (a made-up token is read every time and fills nothing), and a revocation forgets
 * before and after it writes, and a read that overlapped it remembers nothing, so no answer
 * outlives it. Inside a transaction (`inTransaction`) nothing is
 * remembered, only forgotten: what it reads may yet be rolled back. On PostgreSQL other
 * processes revoke too: there every request reads the table.
 */
export function rememberedSessions(
  inner: SessionRepository,
  memory: SessionMemory,
  opts: { inTransaction: boolean },
): SessionRepository {
  return {
    create: (session) => inner.create(session),
    async find(tokenHash, now) {
      if (opts.inTransaction) return inner.find(tokenHash, now);
      const known = memory.get(tokenHash);
      if (known) {
        if (known.expiresAt > now) return known;
        memory.delete(tokenHash);
        return null;
      }
      const before = revocations(memory);
      const session = await inner.find(tokenHash, now);
      // Not remembered if a revocation ran meanwhile: this read may have seen the row before it.
      if (session && revocations(memory) === before) memory.set(tokenHash, session);
      return session;
    },
    async revoke(tokenHash) {
      // Counted before and after the write: a read that overlaps it remembers nothing.
      revoked.set(memory, revocations(memory) + 1);
      memory.delete(tokenHash);
      try {
        await inner.revoke(tokenHash);
      } finally {
        revoked.set(memory, revocations(memory) + 1);
        memory.delete(tokenHash);
      }
    },
  };
}
