import type { Knex } from 'knex';
import pg from 'pg';
import type { EventFeed } from '../../app/ports';
import { pgliteOf } from './pglite-knex';

const CHANNEL = 'marketplace_events';

export interface ClosableEventFeed extends EventFeed {
  close(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on the channel the event triggers NOTIFY at commit, so a change made
 * through any server process reaches the listeners of every one. On PostgreSQL a connection of
 * its own listens (and comes back after a drop); on PGlite, the database's own listener.
 */
export function createEventFeed(
  knex: Knex,
  opts: {
    databaseUrl?: string;
    onError?: (error: unknown) => void;
    /** PostgreSQL: the listener is (again) listening, after a start or a drop. */
    onListening?: () => void;
  } = {},
): ClosableEventFeed {
  const listeners = new Set<(id: bigint) => void>();
  const dispatch = (payload: string) => {
    if (!/^\d+$/.test(payload)) return;
    const id = BigInt(payload);
    for (const listener of listeners) listener(id);
  };
  let stop: (() => Promise<void>) | null = null;
  const start = async () => {
    const pglite = pgliteOf(knex);
    if (pglite) {
      const unlisten = await pglite.listen(CHANNEL, dispatch);
      return async () => unlisten();
    }
    return listenOnPostgres(opts.databaseUrl!, dispatch, opts.onError, opts.onListening);
  };
  let starting: Promise<void> | null = null;
  return {
    idsCommitInOrder: pgliteOf(knex) !== null,
    subscribe(listener) {
      listeners.add(listener);
      starting ??= start().then(
        (s) => {
          stop = s;
        },
        (error: unknown) => opts.onError?.(error),
      );
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await starting;
      await stop?.();
    },
  };
}

/** A dedicated client that LISTENs, and reconnects (1 s, doubling to 30 s) when it drops. */
async function listenOnPostgres(
  url: string,
  dispatch: (payload: string) => void,
  onError?: (error: unknown) => void,
  onListening?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => dispatch(message.payload ?? ''));
    next.on('error', (error) => {
      onError?.(error);
      next.end().catch(() => undefined);
    });
    next.on('end', () => {
      if (closed) return;
      setTimeout(() => void connect().catch(onError), delay).unref();
      delay = Math.min(delay * 2, 30_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      delay = 1000;
      onListening?.();
      // A drop may have lost notifications: listeners catch up from the log on any poke.
      dispatch('0');
    } catch (error) {
      onError?.(error);
      await next.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    closed = true;
    await client?.end().catch(() => undefined);
  };
}
