import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { EventFeed } from '../../app/ports';

interface Kept {
  body: string;
  nextCursor: string | null;
}

/** The answers every caller shares: the marketplace list (pages, categories, searches). */
const SHARED = new Set(['/api/products']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Keeps the bytes of answers that are the same for every caller (the marketplace list does not
 * depend on who asks) until anything changes, so a page read a thousand times is queried,
 * hydrated, checked against the contract and serialized once.
 *
 * Anything changes = any event of the database (every product, order and review change writes
 * one by trigger, in its own transaction, and NOTIFYs it at commit: the signal live updates
 * use, heard by every server process), and, in this process, any write it served (forgotten
 * before its answer leaves, so the writer's next read is fresh). An answer computed while
 * something changed is not kept. Each entry also expires after `maxAgeMs`, in case a NOTIFY is
 * missed (a PostgreSQL listener reconnecting).
 */
export function sharedAnswers(
  events: EventFeed,
  opts: { maxAgeMs?: number; entries?: number; maxBytes?: number } = {},
): Middleware {
  // Bounded by memory, not only by count: a page can be megabytes (200 long listings), and a
  // client picks the query text, so each junk parameter would keep the same page once more.
  // Expired answers go at once, not when pushed out.
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const kept = new LRUCache<string, Kept>({
    max: opts.entries ?? 500,
    ttl: opts.maxAgeMs ?? 2000,
    ttlAutopurge: true,
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 8),
    // Two bytes a character: what a string may take in memory at most.
    sizeCalculation: (answer, key) => 2 * (answer.body.length + key.length),
  });
  let generation = 0;
  const forget = () => {
    generation += 1;
    if (kept.size > 0) kept.clear();
  };
  events.subscribe(forget);
  return async (ctx, next) => {
    if (WRITES.has(ctx.method)) {
      try {
        await next();
      } finally {
        forget();
      }
      return;
    }
    if (ctx.method !== 'GET' || !SHARED.has(ctx.path)) return next();
    const key = `${ctx.path}?${ctx.querystring}`;
    const hit = kept.get(key);
    if (hit) {
      ctx.status = 200;
      ctx.type = 'application/json';
      if (hit.nextCursor) ctx.set('X-Next-Cursor', hit.nextCursor);
      ctx.body = hit.body;
      return;
    }
    const at = generation;
    await next();
    if (ctx.status !== 200 || !ctx.response.is('json')) return;
    // JSON text already (a page the store encoded), or an answer still to write as JSON.
    const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    ctx.type = 'application/json';
    ctx.body = body;
    if (at === generation) {
      kept.set(key, { body, nextCursor: ctx.response.get('X-Next-Cursor') || null });
    }
  };
}
