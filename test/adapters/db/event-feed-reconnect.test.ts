import { afterEach, describe, expect, it } from 'vitest';
import { createEventFeed } from '@src/adapters/db/event-feed';
import { freshStore, type FreshStore } from '../../support/db';

const POSTGRES = process.env.DATABASE_URL;
const open: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

const until = async (done: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(!POSTGRES)('the live-updates listener on PostgreSQL', () => {
  it('says when it listens, fails when its connection is cut, and says when it listens again', async () => {
    const db: FreshStore = await freshStore();
    open.push(() => db.close());
    const url = (db.knex.client.config.connection as { connectionString: string }).connectionString;
    let listening = 0;
    const errors: unknown[] = [];
    const feed = createEventFeed(db.knex, {
      databaseUrl: url,
      onError: (error) => errors.push(error),
      onListening: () => (listening += 1),
    });
    open.push(() => feed.close());
    // The first subscriber starts the listener.
    feed.subscribe(() => undefined);
    await until(() => listening === 1);
    // The administrator ends its session (a restart, a failover): it reconnects by itself.
    await db.knex.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await until(() => errors.length > 0);
    await until(() => listening === 2);
    expect(errors.length).toBeGreaterThan(0);
  });
});
