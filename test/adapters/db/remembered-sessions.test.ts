import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@src/adapters/db/knex-factory';
import { createStore } from '@src/adapters/db/knex-store';
import { migrateLatest } from '@src/adapters/db/migrations';
import type { Session, SessionRepository, Store } from '@src/app/ports';
import { rememberedSessions, sessionMemory } from '@src/adapters/db/remembered-sessions';

let root: string;
let knex: Knex;
let store: Store;
let userId: number;
let queries = 0;
const HOUR = 3_600_000;
const now = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'remembered-sessions-'));
  knex = await createKnex({ dataDir: root });
  await migrateLatest(knex);
  knex.on('query', () => (queries += 1));
  store = createStore(knex, { soleWriter: true });
  userId = (await store.users.create({ walletAddress: 'W'.padEnd(44, '1'), username: 'sam' })).id;
}, 60_000);
afterAll(async () => {
  await knex.destroy();
  await rm(root, { recursive: true, force: true });
});

const counted = async <T>(work: () => Promise<T>) => {
  const before = queries;
  const value = await work();
  return { value, queries: queries - before };
};

async function session(tokenHash: string, expiresAt = new Date(now.getTime() + HOUR)) {
  await store.sessions.create({ tokenHash, userId, walletAddress: 'W'.padEnd(44, '1'), expiresAt });
}

describe('sessions of a database only this process writes', () => {
  it('reads a live session once, then answers from memory', async () => {
    await session('live');
    expect((await counted(() => store.sessions.find('live', now))).queries).toBe(1);
    const again = await counted(() => store.sessions.find('live', now));
    expect(again).toMatchObject({ queries: 0, value: { tokenHash: 'live', userId } });
  });

  it('forgets a revoked session at once', async () => {
    await session('revoked');
    await store.sessions.find('revoked', now);
    await store.sessions.revoke('revoked');
    expect(await store.sessions.find('revoked', now)).toBeNull();
  });

  it('ends a remembered session when it expires', async () => {
    await session('short', new Date(now.getTime() + 1000));
    expect(await store.sessions.find('short', now)).not.toBeNull();
    expect(await store.sessions.find('short', new Date(now.getTime() + 1000))).toBeNull();
  });

  it('remembers no unknown token: each one is read', async () => {
    expect((await counted(() => store.sessions.find('made-up', now))).queries).toBe(1);
    expect((await counted(() => store.sessions.find('made-up', now))).queries).toBe(1);
  });

  it('remembers nothing a transaction read, and forgets what it revoked', async () => {
    await session('in-tx');
    const read = await counted(() => store.transaction((tx) => tx.sessions.find('in-tx', now)));
    expect(read.value).not.toBeNull();
    expect((await counted(() => store.sessions.find('in-tx', now))).queries).toBe(1);
    await store.transaction((tx) => tx.sessions.revoke('in-tx'));
    expect(await store.sessions.find('in-tx', now)).toBeNull();
  });

  it('reads every time where other processes write (soleWriter off)', async () => {
    const shared = createStore(knex);
    await shared.sessions.find('live', now);
    expect((await counted(() => shared.sessions.find('live', now))).queries).toBe(1);
  });
});

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

describe('a revocation while a session is being read', () => {
  it('does not remember a session read while it was being revoked', async () => {
    const table = slowTable();
    const sessions = rememberedSessions(table.repo, sessionMemory(), { inTransaction: false });
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
