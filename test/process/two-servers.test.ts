import { Keypair } from '@solana/web3.js';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@test/cli/support';
import { Client } from '../support/api';
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
  const dataDir = await tempDir('mp-two-');
  undo.push(() => rm(dataDir, { recursive: true, force: true }));
  const escrow = Keypair.generate().publicKey.toBase58();
  const env = {
    DATABASE_URL: url,
    SOLANA_RPC_URL: tc.chain.rpcUrl,
    ESCROW_WALLET: escrow,
    DATA_DIR: dataDir,
    UPLOAD_DIR: `${dataDir}/uploads`,
    RATE_LIMIT_CHALLENGE: '3/100',
    RATE_LIMIT_ORDER: '100/2',
  };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  undo.push(() => Promise.all(servers.map((s) => s.kill('SIGTERM'))));
}, 120_000);
afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => undefined);
});

const challenge = (server: ServerProcess) => {
  const person = new Client(server.url);
  return person.post('/api/auth/challenge', { walletAddress: person.wallet });
};

describe.skipIf(!POSTGRES)('abuse limits across two server processes on one PostgreSQL', () => {
  it('counts one wallet’s order posts on both servers together', async () => {
    const [a, b] = servers;
    const atA = new Client(a.url);
    const { user } = await atA.signIn();
    // The session lives in the database: the same cookie works on the other server.
    const atB = new Client(b.url, atA.keypair);
    atB.cookie = atA.cookie;
    const post = (client: Client) =>
      client.post('/api/orders', {
        productId: 1,
        buyerId: user.id,
        sellerId: 2,
        price: '1.00',
        status: 'escrow_held',
        escrowTransactionHash: '5'.repeat(88),
      });
    expect((await post(atA)).status).toBe(404);
    expect((await post(atB)).status).toBe(404);
    const refused = await post(atA);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many orders posted/);
  });
  it('counts one address’s sign-in challenges on both servers together', async () => {
    const [a, b] = servers;
    // The sign-in of the test before spent the first of this address's 3 challenges, on A.
    expect((await challenge(b)).status).toBe(200);
    expect((await challenge(a)).status).toBe(200);
    const refused = await challenge(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/^Too many sign-in requests; please try again in \d+ s$/);
    expect((await challenge(a)).status).toBe(429);
  });
});
