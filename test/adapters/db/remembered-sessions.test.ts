import { describe, expect, it } from 'vitest';
import type { Session, SessionRepository } from '@src/app/ports';
import { rememberedSessions, sessionMemory } from '@src/adapters/db/remembered-sessions';

const HOUR = 3_600_000;

/** Sessions in a map; `find` answers when the test lets it (`release`), as a queued query does. */
function slowTable() {
  const rows = new Map<string, Session & { revoked: boolean }>();
  const waiting: (() => void)[] = [];
  const repo: SessionRepository = {
    async create(session) {
      rows.set(session.tokenHash, { ...session, revoked: false });
    },
    async find(tokenHash) {
      const row = rows.get(tokenHash);
      const seen = row && !row.revoked ? { ...row } : null; // what the query read
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (!seen) return null;
      const { revoked: _, ...session } = seen;
      return session;
    },
    async revoke(tokenHash) {
      const row = rows.get(tokenHash);
      if (row) row.revoked = true;
    },
  };
  return { repo, release: () => waiting.splice(0).forEach((go) => go()) };
}

describe('sessions remembered by one process', () => {
  it('does not remember a session read while it was being revoked', async () => {
    const table = slowTable();
    const sessions = rememberedSessions(table.repo, sessionMemory(), { inTransaction: false });
    const now = new Date();
    await sessions.create({
      tokenHash: 'h',
      userId: 1,
      walletAddress: 'w',
      expiresAt: new Date(now.getTime() + HOUR),
    });
    const reading = sessions.find('h', now); // the query reads the live row...
    await sessions.revoke('h'); // ...the sign-out lands meanwhile...
    table.release();
    expect(await reading).not.toBeNull(); // ...that request was already in
    const next = sessions.find('h', now);
    table.release();
    expect(await next).toBeNull(); // but no later request is let in by memory
  });
});
