import type { Knex } from 'knex';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Names the counter (it prefixes every key). */
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

interface Answer {
  rows?: Record<string, unknown>[];
  rowCount?: number | null;
  affectedRows?: number;
}

/**
 * rate-limiter-flexible's PostgreSQL store asks a `pg`-style client for `{ text, values }`
 * with $n placeholders; this one answers through knex, so it works on pg and PGlite alike.
 * int8 comes back as bigint from both drivers here, the library does arithmetic on numbers.
 */
function knexClient(knex: Knex) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const bindings: unknown[] = [];
      const sql = q.text.replace(/\$(\d+)/g, (_, n: string) => {
        bindings.push(q.values?.[Number(n) - 1] ?? null);
        return '?';
      });
      const answer = (await knex.raw(sql, bindings as Knex.RawBinding[])) as Answer;
      const rows = (answer.rows ?? []).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
        ),
      );
      return {
        rows,
        rowCount: answer.rowCount ?? Math.max(rows.length, answer.affectedRows ?? 0),
      };
    },
  };
}

/**
 * Counters in the `rate_limits` table, shared by every server process on the database. While
 * the database does not answer, each process counts in memory instead (the insurance limiter),
 * and a key over its limit is refused from memory until its window ends, so a flood does not
 * reach the database.
 */
export function knexRateLimiters(knex: Knex): (opts: LimiterOptions) => RateLimiterAbstract {
  const storeClient = knexClient(knex);
  return (opts) =>
    new RateLimiterPostgres({
      ...opts,
      storeClient,
      storeType: 'client',
      tableName: 'rate_limits',
      tableCreated: true,
      inMemoryBlockOnConsumed: opts.points + 1,
      insuranceLimiter: new RateLimiterMemory(opts),
    } as IRateLimiterStoreOptions);
}
