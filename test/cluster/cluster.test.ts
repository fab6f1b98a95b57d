import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { Connection, PublicKey } from '@solana/web3.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@src/adapters/db/migrations';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { tempDir } from '@test/cli/support';
import { createScratchDatabase, type ScratchDatabase } from '@test/e2e/lib/postgres-db';
import { startCluster, type Cluster } from '../../scripts/cluster-lib';
import { Client } from '../support/api';
import { PDF_BYTES, PNG_BYTES, PNG_DATA_URL, listing, orderBody } from '../support/fixtures';

/**
 * The acceptance of "Scale out on real parts": haproxy in front of three `marketplace serve`
 * processes on one PostgreSQL database (uploads in it), and a local chain of its own, all
 * started as `make cluster` starts them (scripts/cluster-lib.ts). The journey goes through the
 * balancer. Runs where DATABASE_URL names a PostgreSQL server and haproxy is installed (.ci/run
 * installs it), so `make test` needs neither.
 */
const POSTGRES = process.env.DATABASE_URL;
const HAPROXY = (() => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const undo: (() => Promise<unknown>)[] = [];
let cluster: Cluster;
let database: ScratchDatabase;
let sql: pg.Pool;

beforeAll(async () => {
  if (!POSTGRES || !HAPROXY) return;
  // An empty database: the three servers, started together, migrate it.
  database = await createScratchDatabase(POSTGRES);
  undo.push(() => database.drop());
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  undo.push(() => sql.end());
  const dir = await tempDir('mp-cluster-');
  undo.push(() => rm(dir, { recursive: true, force: true }));
  cluster = await startCluster({
    databaseUrl: database.url,
    servers: 3,
    dir,
    chainInMemory: true,
    // Every server runs a settlement round every second: they race for each due payout.
    env: { RATE_LIMITS: 'off', SETTLE_INTERVAL_SECONDS: '1' },
  });
  undo.push(() => cluster.stop());
}, 240_000);

afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => undefined);
}, 60_000);

/** The same person (wallet and session cookie) talking to another address. */
function at(person: Client, url: string): Client {
  const other = new Client(url, person.keypair);
  other.cookie = person.cookie;
  other.user = person.user;
  return other;
}

async function bytes(url: string, cookie?: string | null) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe.skipIf(!POSTGRES || !HAPROXY)('three servers behind haproxy on one PostgreSQL', () => {
  it('migrated the empty database once, with the three servers started together', async () => {
    const { rows } = await sql.query<{ name: string; batch: number }>(
      'SELECT name, batch FROM knex_migrations ORDER BY id',
    );
    expect(rows).toEqual(MIGRATIONS.map(([name]) => ({ name, batch: 1 })));
    const lock = await sql.query('SELECT is_locked FROM knex_migrations_lock');
    expect(lock.rows).toEqual([{ is_locked: 0 }]);
    for (const server of cluster.servers) {
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    }
  });

  it('spreads requests over every server and tells them the client and the public address', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${cluster.url}/api/health/ready`);
      expect(res.status).toBe(200);
      seen.add(res.headers.get('x-served-by') ?? '');
    }
    expect([...seen].sort()).toEqual(['s1', 's2', 's3']);
    const config = await (await fetch(`${cluster.url}/api/config`)).json();
    expect(config).toMatchObject({ rpcUrl: cluster.rpcUrl, escrowWallet: cluster.escrowWallet });
    // A write from another origin than PUBLIC_URL (the balancer's) is refused on every server.
    const stranger = new Client(cluster.url, undefined, { Origin: 'http://evil.example' });
    const refused = await stranger.post('/api/auth/challenge', { walletAddress: stranger.wallet });
    expect(refused.status).toBe(403);
  });

  it('shows a product listed through one server, images included, through every other', async () => {
    const seller = new Client(cluster.url);
    await seller.signIn();
    const [first, ...others] = cluster.servers;
    const made = await at(seller, first!.url).post(
      '/api/products',
      listing({
        sellerId: seller.user!.id,
        name: 'Listed through one server',
        imageUrl: JSON.stringify([PNG_DATA_URL, PNG_DATA_URL]),
      }),
    );
    expect(made.status).toBe(201);
    const images: string[] = JSON.parse(made.body.imageUrl);
    expect(images).toHaveLength(2);
    for (const server of [...others, first!]) {
      const shown = await new Client(server.url).get(`/api/products/${made.body.id}`);
      expect(shown.body.imageUrl).toBe(made.body.imageUrl);
      for (const image of images) {
        const { res, body } = await bytes(`${server.url}${image}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(body).toEqual(PNG_BYTES);
      }
    }
    // The same bytes twice are kept once.
    const blobs = await sql.query('SELECT count(*)::int AS n FROM upload_blobs');
    expect(blobs.rows[0].n).toBe(1);
  });

  it('runs a purchase and its delivery proof through the balancer, proof private on every server', async () => {
    const seller = new Client(cluster.url);
    const buyer = new Client(cluster.url);
    await Promise.all([seller.signIn(), buyer.signIn()]);
    const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
    expect(made.status).toBe(201);
    const connection = new Connection(cluster.rpcUrl, 'confirmed');
    await connection.confirmTransaction(
      {
        signature: await connection.requestAirdrop(buyer.keypair.publicKey, 3e9),
        ...(await connection.getLatestBlockhash()),
      },
      'confirmed',
    );
    const signature = await sendAndConfirm(
      connection,
      await buildTransfer(
        connection,
        buyer.keypair,
        cluster.escrowWallet,
        solToLamports(made.body.price),
      ),
    );
    const placed = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
    expect(placed.status).toBe(201);
    const form = new FormData();
    form.set('trackingNumber', 'TRACK-CLUSTER');
    form.append('files', new Blob([new Uint8Array(PDF_BYTES)]), 'receipt.pdf');
    const shipped = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
    expect(shipped.status).toBe(200);
    const files = shipped.body.uploadedFiles;
    const [proof] = (typeof files === 'string' ? JSON.parse(files) : files) as string[];
    const path = proof!.startsWith('/uploads/') ? proof! : `/uploads/${proof}`;
    for (const server of cluster.servers) {
      const mine = await bytes(`${server.url}${path}`, buyer.cookie);
      expect(mine.res.status).toBe(200);
      expect(mine.res.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.body).toEqual(PDF_BYTES);
      expect((await bytes(`${server.url}${path}`)).res.status).toBe(401);
    }
  });

  it('pays each due payout once, with three servers settling at once', async () => {
    const seller = new Client(cluster.url);
    const buyer = new Client(cluster.url);
    await Promise.all([seller.signIn(), buyer.signIn()]);
    const connection = new Connection(cluster.rpcUrl, 'confirmed');
    await connection.confirmTransaction(
      {
        signature: await connection.requestAirdrop(buyer.keypair.publicKey, 5e9),
        ...(await connection.getLatestBlockhash()),
      },
      'confirmed',
    );
    const ids: number[] = [];
    for (const price of ['0.50', '0.75', '1.25']) {
      const made = await seller.post(
        '/api/products',
        listing({ sellerId: seller.user!.id, price }),
      );
      const signature = await sendAndConfirm(
        connection,
        await buildTransfer(connection, buyer.keypair, cluster.escrowWallet, solToLamports(price)),
      );
      const placed = await buyer.post(
        '/api/orders',
        orderBody(buyer.user!.id, made.body, signature),
      );
      expect(placed.status).toBe(201);
      const form = new FormData();
      form.set('trackingNumber', `TRACK-${price}`);
      expect(
        (await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form)).status,
      ).toBe(200);
      ids.push(placed.body.id);
    }
    // Due now, all three at once: the buyer has the goods.
    await Promise.all(
      ids.map(async (id) =>
        expect((await buyer.post(`/api/orders/${id}/confirm-receipt`, {})).status).toBe(200),
      ),
    );
    const deadline = Date.now() + 60_000;
    let attempts: { order_id: number; status: string; seller_lamports: string }[] = [];
    while (Date.now() < deadline) {
      attempts = (
        await sql.query(
          'SELECT order_id, status, seller_lamports FROM payout_attempts WHERE order_id = ANY($1)',
          [ids],
        )
      ).rows;
      if (attempts.filter((a) => a.status === 'done').length === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(attempts.map((a) => [a.order_id, a.status]).sort()).toEqual(
      ids.map((id) => [id, 'done']).sort(),
    );
    // On chain: one payout transaction per order, each of what was due.
    const sellerKey = new PublicKey(seller.wallet);
    expect(await connection.getSignaturesForAddress(sellerKey)).toHaveLength(ids.length);
    const owed = attempts.reduce((sum, a) => sum + BigInt(a.seller_lamports), 0n);
    expect(BigInt(await connection.getBalance(sellerKey))).toBe(owed);
  });

  it('loses nothing when a server is killed mid-run, and takes it back when it returns', async () => {
    const seller = new Client(cluster.url);
    await seller.signIn();
    const victim = cluster.servers[1]!;
    const titles = Array.from({ length: 40 }, (_, i) => `Burst listing ${i}`);
    const burst = titles.map(async (name, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      const startedAt = Date.now();
      // A failure of the balancer's own (502, HTML) ends in the catch: status 0.
      return seller
        .post('/api/products', listing({ sellerId: seller.user!.id, name }))
        .then((res) => ({ name, startedAt, status: res.status, id: res.body?.id as number }))
        .catch(() => ({ name, startedAt, status: 0, id: 0 }));
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    const results = await Promise.all(burst);
    const created = results.filter((r) => r.status === 201);
    // Only what the killed server was working on may fail (a 502, and the seller tries again);
    // a request sent once it was dead goes to another server (haproxy redispatches a refused
    // connection), well before the health checks take it out of rotation.
    const after = results.filter((r) => r.startedAt >= killedAt + 100);
    expect(after.length).toBeGreaterThan(10);
    expect(after.map((r) => r.status)).toEqual(after.map(() => 201));
    expect(created.length).toBeGreaterThan(30);
    // Everything acknowledged is there, once.
    const { rows } = await sql.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM products WHERE name LIKE 'Burst listing %' GROUP BY name`,
    );
    const stored = new Map(rows.map((r) => [r.name, r.n]));
    for (const r of created) expect(stored.get(r.name)).toBe(1);
    expect(Math.max(...rows.map((r) => r.n))).toBe(1);
    // The balancer takes the dead server out of rotation; the others answer every request.
    await cluster.waitForUp(['s1', 's3']);
    for (let i = 0; i < 12; i++) {
      expect((await fetch(`${cluster.url}/api/products?limit=5`)).status).toBe(200);
    }
    for (const r of created) {
      expect((await seller.get(`/api/products/${r.id}`)).body.name).toBe(r.name);
    }
    // Back again: the same session works on it, and it serves what the others stored meanwhile.
    await victim.start();
    await cluster.waitForUp(['s1', 's2', 's3']);
    const session = await at(seller, victim.url).get('/api/auth/session');
    expect(session.body).toMatchObject({ userId: seller.user!.id, walletAddress: seller.wallet });
    for (const r of created.slice(0, 3)) {
      expect((await at(seller, victim.url).get(`/api/products/${r.id}`)).status).toBe(200);
    }
  });
});
