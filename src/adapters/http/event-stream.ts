import { createSession, type Session } from 'better-sse';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { Caller } from '../../app/context';
import type { EventFeed } from '../../app/ports';
import type { UseCases } from '../../app/use-cases';
import type { MarketEvent } from '../../domain/entities';
import { clientAddressKey } from './client-address';
import { eventIds, type EventIds } from './event-ids';
import { SESSION_COOKIE } from './session';

interface Listener {
  session: Session;
  caller: Caller | null;
  /** The session cookie it was opened with (a signed-in stream's is checked again). */
  token: string | undefined;
  /** Ends the stream (the client reconnects, as who it is then). */
  end(): void;
  /** Bytes written to the stream that its client has not taken yet. */
  unread(): number;
  /** Drops the connection of a client that stopped reading. */
  drop(): void;
  /** The last event this client was sent (or, at the start, the log's end). */
  lastId: bigint;
  /** Live events held back while what the client missed is being replayed. */
  held: MarketEvent[] | null;
}

const BATCH = 500;
/**
 * What a stream may hold unread before it is dropped: a client that stops reading (a frozen
 * tab, a socket held open on purpose) would otherwise keep every event in this process's memory
 * for as long as it stays connected. Dropped, it reconnects with Last-Event-ID when it wakes.
 */
const MAX_UNREAD_BYTES = 256 * 1024;
/** How long a missing id in the log is waited for (a transaction still committing). */
const GAP_WAIT_MS = 1_000;
const GAP_POLL_MS = 50;
/** How far behind the log's end the reader may be when a client comes, to catch up from. */
const BEHIND_AT_MOST = 10_000n;
/** How often a signed-in stream's session is checked again (a sign-out ends it by then). */
const RECHECK_MS = 30_000;

/**
 * GET /api/events: a server-sent event stream of what changed that this client may know of
 * (topic and id only; the client reads the rest through the calls it may make). Events come
 * from the database's log: a NOTIFY from any server process pokes every process, which reads
 * the log from where it stopped and hands each event to the listeners allowed to hear it. A
 * client that comes back with Last-Event-ID gets what it missed; one that missed too much gets
 * `reset` (reload everything).
 */
export function eventStream(
  app: UseCases,
  feed: EventFeed,
  logger: Logger,
  opts: {
    /** How often a signed-in stream's session is checked again (default 30 s). */
    recheckMs?: number;
    /** Streams one client address may hold open in this process; unset: no cap. */
    perAddress?: number;
    /** How positions in the log are shown to clients (default: this process's own key). */
    ids?: EventIds;
    /** What a stream may hold unread before it is dropped (default 256 KiB). */
    maxUnreadBytes?: number;
  } = {},
) {
  const ids = opts.ids ?? eventIds();
  const recheckMs = opts.recheckMs ?? RECHECK_MS;
  const maxUnreadBytes = opts.maxUnreadBytes ?? MAX_UNREAD_BYTES;
  const listeners = new Set<Listener>();
  // Open streams by client address (an IPv6 /64 counts as one), for the cap.
  const openBy = new Map<string, number>();
  // Where this process starts reading the log: its end when the server starts, read before any
  // poke can come (a poke's event must not be mistaken for the starting point).
  let cursor: bigint | null = null;
  const started = app.events
    .latestId()
    .then((id) => {
      cursor ??= id;
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'event stream: no starting point yet'));
  let pulling: Promise<void> | null = null;
  let pokedAgain = false;

  // `shown`: the id as clients see it, encrypted once per event by the caller that has many.
  const deliver = (listener: Listener, event: MarketEvent, shown?: string) => {
    if (listener.held) {
      listener.held.push(event);
      return;
    }
    if (event.id <= listener.lastId || !app.events.mayHear(listener.caller, event)) return;
    if (listener.unread() > maxUnreadBytes) {
      listeners.delete(listener);
      listener.drop();
      return;
    }
    listener.lastId = event.id;
    listener.session.push(
      { topic: event.topic, subjectId: event.subjectId },
      'change',
      shown ?? ids.encode(event.id),
    );
  };

  // A missing id in the log: a transaction that took it may not have committed yet (on
  // PostgreSQL ids are handed out at insert, not at commit). Events after it wait for it, so
  // that no client is moved past it, until GAP_WAIT_MS says it was rolled back.
  let gapSince: number | null = null;
  let gapTimer: NodeJS.Timeout | null = null;
  const readLog = async () => {
    await started;
    cursor ??= await app.events.latestId();
    do {
      pokedAgain = false;
      for (;;) {
        const batch = await app.events.log(cursor!, BATCH);
        let taken = 0;
        for (const event of batch) {
          if (event.id !== cursor! + 1n && !feed.idsCommitInOrder && !gapPassed()) break;
          gapSince = null;
          const shown = ids.encode(event.id);
          for (const listener of listeners) deliver(listener, event, shown);
          cursor = event.id;
          taken += 1;
        }
        if (taken < batch.length) {
          gapSince ??= Date.now();
          gapTimer ??= setTimeout(() => {
            gapTimer = null;
            heard();
          }, GAP_POLL_MS);
          break;
        }
        if (batch.length < BATCH) break;
        // A turn of the event loop between batches: the streams' sockets take what was written
        // (a client that reads is not held to the unread limit by a burst), and requests waiting
        // are served, whatever the database's reads resolve with.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } while (pokedAgain);
  };
  const gapPassed = () => gapSince !== null && Date.now() - gapSince >= GAP_WAIT_MS;

  const poke = () => {
    if (pulling) {
      pokedAgain = true;
      return;
    }
    pulling = readLog()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'event stream: could not read the log'),
      )
      .finally(() => {
        pulling = null;
      });
  };

  // With nobody listening, a change needs no read of the log. The cursor stays where it is (a
  // client coming back catches up from it, past no id still committing), unless it has fallen
  // far behind by the time a client comes: then it starts at the log's end, as at start-up.
  const heard = () => {
    if (listeners.size > 0) poke();
  };
  const unsubscribe = feed.subscribe(heard);
  // A safety net under NOTIFY (a dropped listen connection): read the log now and then.
  const timer = setInterval(heard, 5000);
  timer.unref();

  // A signed-in stream hears its caller's private topics: once its session ended (signed out,
  // expired), the stream is ended too, and the client comes back as who it is then.
  const recheck = async () => {
    const asked = new Map<string, Promise<Caller | null>>();
    for (const listener of listeners) {
      if (!listener.caller || !listener.token) continue;
      const token = listener.token;
      if (!asked.has(token))
        asked.set(
          token,
          app.auth.caller(token).catch(() => listener.caller),
        );
      if ((await asked.get(token)!) === null) {
        listeners.delete(listener);
        listener.end();
      }
    }
  };
  const rechecking = setInterval(() => void recheck(), recheckMs);
  rechecking.unref();

  /**
   * Counts a stream against its client address; false when the address holds its cap already.
   * Each stream is a socket and a listener held for as long as the client likes: without a cap,
   * one client could hold enough of them to exhaust the process.
   */
  const admit = (address: string) => {
    const held = openBy.get(address) ?? 0;
    if (opts.perAddress !== undefined && held >= opts.perAddress) return false;
    openBy.set(address, held + 1);
    return true;
  };
  const release = (address: string) => {
    const held = (openBy.get(address) ?? 1) - 1;
    if (held > 0) openBy.set(address, held);
    else openBy.delete(address);
  };

  async function open(ctx: Context) {
    const caller = (ctx.state.caller as Caller | null | undefined) ?? null;
    const address = clientAddressKey(ctx.ip);
    if (!admit(address)) {
      ctx.status = 429;
      ctx.set('Retry-After', '60');
      ctx.body = {
        error: `Too many live update streams from this address (at most ${opts.perAddress}); close other tabs of the marketplace and reload`,
      };
      return;
    }
    // However it ends (the client leaves, a sign-out ends it, the server stops), once.
    ctx.res.once('close', () => release(address));
    const asked = ctx.get('Last-Event-ID') || String(ctx.query.lastEventId ?? '');
    // An id this server cannot read (another key: a restart without EVENT_ID_KEY) is a stream
    // that missed it does not know what: it is told to reload.
    const from = asked ? (ids.decode(asked) ?? 'unknown') : null;
    ctx.status = 200;
    ctx.respond = false;
    const session = await createSession(ctx.req, ctx.res, {
      trustClientEventId: false,
      keepAlive: 15_000,
      retry: 2_000,
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
    // Listening before reading the backlog, holding what arrives meanwhile: nothing falls between.
    const listener: Listener = {
      session,
      caller,
      token: ctx.cookies.get(SESSION_COOKIE),
      end: () => ctx.res.end(),
      unread: () => ctx.res.writableLength,
      drop: () => ctx.res.destroy(),
      lastId: 0n,
      held: [],
    };
    listeners.add(listener);
    session.on('disconnected', () => listeners.delete(listener));
    await started;
    const latest = await app.events.latestId();
    const missed =
      from === null || from === 'unknown' ? null : await app.events.since(caller, from);
    // The client may have gone while those were read (a tab closed as it opened): nothing to
    // tell it, and nothing to keep for it.
    if (!session.isConnected) {
      listeners.delete(listener);
      return;
    }
    if (cursor === null || latest - cursor > BEHIND_AT_MOST) {
      cursor = latest;
      gapSince = null;
    }
    if (from === null) {
      listener.lastId = latest;
    } else {
      if (missed === null || from === 'unknown') {
        listener.lastId = latest;
        session.push(
          {
            reason:
              from === 'unknown'
                ? 'Where this stream stopped is unknown; reload'
                : 'Too much was missed; reload',
          },
          'reset',
          ids.encode(listener.lastId),
        );
      } else {
        listener.lastId = from;
        // Up to where the reader stands: what is past it (and past an id still committing)
        // reaches this stream from the reader, in order.
        const upTo = cursor;
        listener.held = [...missed.filter((e) => e.id <= upTo), ...listener.held!];
      }
    }
    const held = listener.held!;
    listener.held = null;
    for (const event of held) deliver(listener, event);
    session.push({ connected: true }, 'ready', ids.encode(listener.lastId));
    // The reader catches up from where it stood (while nobody listened, it did not read).
    poke();
  }

  return {
    middleware: async (ctx: Context, next: Next) => {
      if (ctx.path !== '/api/events' || ctx.method !== 'GET') return next();
      await open(ctx);
    },
    /** How many clients listen in this process (for /metrics and tests). */
    size: () => listeners.size,
    close() {
      clearInterval(timer);
      if (gapTimer) clearTimeout(gapTimer);
      clearInterval(rechecking);
      unsubscribe();
      for (const listener of listeners) listener.session.removeAllListeners();
      listeners.clear();
    },
  };
}
