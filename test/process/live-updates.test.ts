import { Keypair } from '@solana/web3.js';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@test/cli/support';
import { Client } from '../support/api';
import { listing } from '../support/fixtures';
import { openEvents } from '../support/sse';
import { startTestChain, type TestChain } from '../support/chain';
import { freshPgDatabase } from '../support/db-postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * The PostgreSQL server to make a scratch database on. Several processes on one database need a
 * real PostgreSQL: like the other PostgreSQL runs, this suite runs where DATABASE_URL names one
 * (.ci/run does), so `make test` needs nothing but Node.
 */
const POSTGRES = process.env.DATABASE_URL ?? process.env.E2E_POSTGRES_URL;

const undo: (() => Promise<unknown>)[] = [];
let servers: [ServerProcess, ServerProcess];

beforeAll(async () => {
  if (!POSTGRES) return;
  const tc: TestChain = await startTestChain();
  undo.push(() => tc.stop());
  const db = await freshPgDatabase(POSTGRES).catch((error: Error) => {
    throw new Error(
      `This suite needs PostgreSQL at ${POSTGRES} (E2E_POSTGRES_URL): ${error.message}`,
    );
  });
  undo.push(() => db.close());
  const url = (db.knex.client.config.connection as { connectionString: string }).connectionString;
  const dataDir = await tempDir('mp-live-');
  undo.push(() => rm(dataDir, { recursive: true, force: true }));
  const escrow = Keypair.generate().publicKey.toBase58();
  const env = {
    DATABASE_URL: url,
    SOLANA_RPC_URL: tc.chain.rpcUrl,
    ESCROW_WALLET: escrow,
    DATA_DIR: dataDir,
    UPLOAD_DIR: `${dataDir}/uploads`,
  };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  undo.push(() => Promise.all(servers.map((s) => s.kill('SIGTERM'))));
}, 120_000);
afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => undefined);
});

describe.skipIf(!POSTGRES)('live updates across two server processes on one PostgreSQL', () => {
  it('tells a listener on one server of a change made through the other, and only its users', async () => {
    const [a, b] = servers;
    const seller = new Client(b.url);
    await seller.signIn();
    const stranger = new Client(a.url);
    await stranger.signIn();
    // The seller listens on server A, the stranger too; the listing is made through server B.
    const sellerStream = await openEvents(a.url, { cookie: seller.cookie });
    const strangerStream = await openEvents(a.url, { cookie: stranger.cookie });
    try {
      await sellerStream.next((e) => e.event === 'ready');
      await strangerStream.next((e) => e.event === 'ready');
      const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
      expect(made.status).toBe(201);
      const isIt = (e: { event: string; data: unknown }) =>
        e.event === 'change' && (e.data as { subjectId: number }).subjectId === made.body.id;
      const heard = await sellerStream.next(isIt, 3000);
      expect(heard.data).toEqual({ topic: 'product', subjectId: made.body.id });
      // A product is public: the stranger hears of it too; an order would not reach them.
      await strangerStream.next(isIt, 3000);
    } finally {
      sellerStream.close();
      strangerStream.close();
    }
  });
});
