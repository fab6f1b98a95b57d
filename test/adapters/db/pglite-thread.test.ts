import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventFeed } from '@src/adapters/db/event-feed';
import { createKnex } from '@src/adapters/db/knex-factory';
import { createStore } from '@src/adapters/db/knex-store';
import { migrateLatest } from '@src/adapters/db/migrations';
import { pgliteOf } from '@src/adapters/db/pglite-knex';
import { UnavailableError } from '@src/app/errors';
import type { Store } from '@src/app/ports';
import { DomainError } from '@src/domain/errors';

let root: string;
let knex: Knex;
let store: Store;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));
  knex = await createKnex({ dataDir: root, thread: true });
  await migrateLatest(knex);
  store = createStore(knex);
}, 60_000);
afterAll(async () => {
  await knex.destroy();
  await rm(root, { recursive: true, force: true });
});

const wallet = (n: number) => `Wa11et${n}`.padEnd(44, '1');

describe('PGlite on its own thread, under the store', () => {
  it('keeps what a transaction wrote, with int8 as bigint and timestamps as dates', async () => {
    const user = await store.users.create({ walletAddress: wallet(1), username: 'ann' });
    const found = await store.users.findById(user.id);
    expect(found).toMatchObject({ walletAddress: wallet(1), username: 'ann' });
    expect(found!.createdAt).toBeTruthy();
    const [{ big }] = (await knex.raw('SELECT 9007199254740993::int8 AS big')).rows;
    expect(big).toBe(9007199254740993n);
    const [{ at }] = (await knex.raw(`SELECT '2026-01-02T03:04:05Z'::timestamptz AS at`)).rows;
    expect(at).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('answers a unique violation with the same words as in this thread', async () => {
    await store.users.create({ walletAddress: wallet(2), username: '' });
    const error = await store.users
      .create({ walletAddress: wallet(2), username: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'conflict',
      message: 'A user with this wallet address already exists',
    });
  });

  it('rolls a failed transaction back whole', async () => {
    const failed = store.transaction(async (tx) => {
      await tx.users.create({ walletAddress: wallet(3), username: '' });
      await tx.users.create({ walletAddress: wallet(3), username: '' });
    });
    await expect(failed).rejects.toMatchObject({ code: 'conflict' });
    expect(await store.users.findByWallet(wallet(3))).toBeNull();
  });

  it('passes NOTIFY at commit to a listener on the server thread', async () => {
    const feed = createEventFeed(knex);
    const heard: bigint[] = [];
    feed.subscribe((id) => heard.push(id));
    await new Promise((r) => setTimeout(r, 100));
    await knex.raw(`SELECT pg_notify('marketplace_events', '42')`);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual([42n]);
    await feed.close();
  });
});

describe('PGlite on its own thread, closed', () => {
  it('answers a query after its thread ended as the database being down', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-thread-closed-'));
    const own = await createKnex({ dataDir: dir, thread: true });
    await migrateLatest(own);
    const closedStore = createStore(own);
    await pgliteOf(own)!.close();
    const error = await closedStore.users.findById(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ dependency: 'database' });
    await own.destroy();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
