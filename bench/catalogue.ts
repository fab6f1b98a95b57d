import autocannon from 'autocannon';
import { Keypair } from '@solana/web3.js';
import pg from 'pg';
import { createPgKnex } from '@src/adapters/db/knex-factory';
import { createStore } from '@src/adapters/db/knex-store';
import { encodeCursor } from '@src/adapters/schema/cursor';
import { DEFAULT_PAGE } from '@src/contracts/products';
import { MARKETPLACE_STATUSES } from '@src/domain/product-lifecycle';
import { percentile, startBenchServer, type BenchServer } from './purchases';

const WORDS = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo'];

/** A database of its own on the server of `databaseUrl`, dropped afterwards. */
export async function scratchDatabase(databaseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: databaseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * Adds products in one statement each 100k rows, names from a small vocabulary plus a number,
 * two photos each (as the product stores them: a JSON array of URLs).
 */
async function growCatalogue(url: string, total: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const wallet = Keypair.generate().publicKey.toBase58();
    const seller = await client.query(
      `INSERT INTO users (wallet_address) VALUES ($1) ON CONFLICT (wallet_address) DO UPDATE
         SET username = users.username RETURNING id`,
      [wallet],
    );
    const have = Number((await client.query('SELECT count(*) AS n FROM products')).rows[0].n);
    for (let from = have; from < total; from += 100_000) {
      const to = Math.min(total, from + 100_000);
      await client.query(
        `INSERT INTO products (name, description, price, category, condition, seller_id, quantity, created_at,
                               image_url)
         SELECT ($3::text[])[1 + i % 9] || ' ' || ($3::text[])[1 + (i / 9) % 9] || ' #' || i,
                'Bench item ' || i || ', ' || ($3::text[])[1 + (i / 81) % 9] || ' finish',
                (1 + i % 500)::numeric / 100, 'other', 'new', $4, 5,
                now() - (i || ' seconds')::interval,
                '["/uploads/bench-' || i % 1000 || '-1.jpg","/uploads/bench-' || i % 1000 || '-2.jpg"]'
         FROM generate_series($1::int, $2::int - 1) AS i`,
        [from, to, WORDS, seller.rows[0].id],
      );
    }
    await client.query('ANALYZE products');
  } finally {
    await client.end();
  }
}

/**
 * Waits until the server answers a health check quickly five times in a row: growing the
 * catalogue by SQL fires one event per product, and every server process hears each NOTIFY.
 */
async function settled(server: BenchServer) {
  let quick = 0;
  const deadline = performance.now() + 120_000;
  while (quick < 5 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${server.url}/api/health/live`)).arrayBuffer();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The SQL (and bindings) the product repository sends for a marketplace page (listEncoded: the page GET /api/products serves). */
async function listSql(url: string, cursor?: string) {
  const knex = createPgKnex(url, { min: 0, max: 1 });
  let captured: { sql: string; bindings: unknown[] } | null = null;
  knex.on('query', (q: { sql: string; bindings: unknown[] }) => {
    if (/from "products"/.test(q.sql)) captured ??= { sql: q.sql, bindings: q.bindings };
  });
  try {
    const store = createStore(knex);
    await store.products.listEncoded({
      statuses: MARKETPLACE_STATUSES,
      limit: DEFAULT_PAGE,
      cursor,
    });
  } finally {
    await knex.destroy();
  }
  if (!captured) throw new Error('the product list sent no query');
  return captured as { sql: string; bindings: unknown[] };
}

/** Cursors of `count` pages spread over the catalogue (each a different page). */
async function spreadCursors(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query(
      'SELECT created_at, id FROM products TABLESAMPLE SYSTEM (5) LIMIT $1',
      [count],
    );
    return rows.rows.map((r: { created_at: Date; id: number }) =>
      encodeCursor({ createdAt: r.created_at.toISOString(), id: r.id }),
    );
  } finally {
    await client.end();
  }
}

/**
 * Requests per second of list pages over HTTP (autocannon, `connections` at once): each request
 * the next of `paths`.
 */
async function httpRate(
  server: BenchServer,
  paths: string[],
  seconds: number,
  connections: number,
) {
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
  });
  return { perSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

/** The same SQL through `pg` directly, `connections` queries at once, each the next binding set. */
async function sqlRate(
  url: string,
  sql: string,
  bindingSets: unknown[][],
  seconds: number,
  connections: number,
) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  let done = 0;
  const until = performance.now() + seconds * 1000;
  try {
    const warm = await pool.query(sql, bindingSets[0]);
    if (warm.rows.length === 0) throw new Error('the list SQL found no products');
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          await pool.query(sql, bindingSets[done % bindingSets.length]);
          done += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return { perSecond: done / seconds };
}

/**
 * Search over HTTP, one request at a time: p50 and p95 over `rounds` terms, each asked once
 * (so no answer comes from the list kept between changes).
 */
async function searchLatency(server: BenchServer, rounds: number, size: number) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const term =
      i % 2 === 0
        ? `${WORDS[i % 9]} ${WORDS[(i * 4 + 1) % 9]} #${(i * 7919) % size}`
        : `#${(i * 104729) % size}`;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/products?search=${encodeURIComponent(term)}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95) };
}

type HttpFigure = { perSecond: number; non2xx: number; errors: number };
export interface CatalogueFigures {
  products: number;
  /** The first page (every visitor's first view), and pages spread over the catalogue. */
  http?: { first: HttpFigure; spread: HttpFigure };
  sql?: { first: { perSecond: number }; spread: { perSecond: number } };
  search: { p50Ms: number; p95Ms: number };
}

/**
 * The catalogue on PostgreSQL at each size in `sizes`: marketplace pages of 48 over HTTP against
 * the same SQL through pg, side by side (the first page, which the server keeps between changes,
 * and pages spread over the catalogue, each computed anew), and search latency. The server runs as
 * its own process on a scratch database.
 */
export async function benchCatalogue(
  databaseUrl: string,
  opts: { sizes: number[]; seconds: number; connections: number; listAt: number },
  report: (figures: CatalogueFigures) => void,
) {
  const db = await scratchDatabase(databaseUrl, `bench_catalogue_${process.pid}`);
  const server = await startBenchServer({ databaseUrl: db.url });
  try {
    for (const size of opts.sizes) {
      await growCatalogue(db.url, size);
      await settled(server);
      const figures: CatalogueFigures = {
        products: size,
        search: await searchLatency(server, 40, size),
      };
      if (size === opts.listAt) {
        const first = await listSql(db.url);
        const cursors = await spreadCursors(db.url, 2000);
        const spread = await listSql(db.url, cursors[0]);
        // One after the other: 200 connections at once exceed a shared server's max_connections.
        const bindingSets: unknown[][] = [];
        for (const c of cursors.slice(0, 200))
          bindingSets.push((await listSql(db.url, c)).bindings);
        const paths = cursors.map((c) => `/api/products?cursor=${c}`);
        figures.http = {
          first: await httpRate(server, ['/api/products'], opts.seconds, opts.connections),
          spread: await httpRate(server, paths, opts.seconds, opts.connections),
        };
        figures.sql = {
          first: await sqlRate(db.url, first.sql, [first.bindings], opts.seconds, opts.connections),
          spread: await sqlRate(db.url, spread.sql, bindingSets, opts.seconds, opts.connections),
        };
      }
      report(figures);
    }
  } finally {
    await server.close();
    await db.drop();
  }
}
