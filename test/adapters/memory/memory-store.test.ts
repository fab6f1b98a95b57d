import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '@src/adapters/memory/memory-database';
import { createMemoryStore } from '@src/adapters/memory/memory-store';

// What only the in-memory store does; what every store does is in test/contracts/store.

const setup = () => {
  const db = new MemoryDatabase(() => new Date('2030-01-01T00:00:00.000Z'));
  return { db, store: createMemoryStore(db) };
};

describe('createMemoryStore', () => {
  it('refuses a call on the store itself while a transaction runs in the same work', async () => {
    const { store } = setup();
    await expect(store.transaction(async () => store.users.findByWallet('anyone'))).rejects.toThrow(
      /outside the transaction while it runs/,
    );
    await expect(store.transaction(async () => store.users.findOrCreate('anyone'))).rejects.toThrow(
      /outside the transaction while it runs/,
    );
    await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toThrow(
      /outside the transaction while it runs/,
    );
    expect(await store.users.findByWallet('anyone')).toBeNull();
  });

  it("refuses a transaction's repositories once it has ended", async () => {
    const { store } = setup();
    const tx = await store.transaction(async (repositories) => repositories);
    await expect(tx.users.findById(1)).rejects.toThrow('This transaction has already ended');
  });

  it('shows what a transaction wrote only to it until it commits', async () => {
    const { store } = setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const running = store.transaction(async (tx) => {
      await tx.users.create({ walletAddress: 'not-yet', username: '' });
      written();
      await held;
    });
    await wrote;
    expect(await store.users.findByWallet('not-yet')).toBeNull();
    release();
    await running;
    expect(await store.users.findByWallet('not-yet')).not.toBeNull();
  });

  it('makes a write outside a transaction wait for the running one', async () => {
    const { store } = setup();
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = store.transaction(async (tx) => {
      await tx.users.create({ walletAddress: 'inside', username: '' });
      await held;
      events.push('committed');
    });
    const waiting = store.users
      .create({ walletAddress: 'outside', username: '' })
      .then(() => events.push('written'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([]);
    release();
    await Promise.all([running, waiting]);
    expect(events).toEqual(['committed', 'written']);
  });

  it('takes creation times from its clock, and a transaction uses its start', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const store = createMemoryStore(new MemoryDatabase(() => now));
    const outside = await store.users.create({ walletAddress: 'a', username: '' });
    const inside = await store.transaction(async (tx) => {
      now = new Date('2031-01-01T00:00:00.000Z');
      return tx.users.create({ walletAddress: 'b', username: '' });
    });
    expect(outside.createdAt).toBe('2030-01-01T00:00:00.000Z');
    expect(inside.createdAt).toBe('2030-01-01T00:00:00.000Z');
  });

  it('does not give an id back when a transaction rolls back, as a sequence does not', async () => {
    const { store } = setup();
    await store
      .transaction(async (tx) => {
        await tx.users.create({ walletAddress: 'gone', username: '' });
        throw new Error('no');
      })
      .catch(() => undefined);
    expect((await store.users.create({ walletAddress: 'kept', username: '' })).id).toBe(2);
  });

  it('refuses everything once closed', async () => {
    const { store } = setup();
    await store.close();
    await expect(store.ping()).rejects.toThrow('The store is closed');
    await expect(store.users.findById(1)).rejects.toThrow('The store is closed');
    await expect(store.transaction(async () => 1)).rejects.toThrow('The store is closed');
  });
});
