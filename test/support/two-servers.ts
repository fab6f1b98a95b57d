import { Keypair } from '@solana/web3.js';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from '@test/cli/support';
import { startTestChain } from './chain';
import { freshPgDatabase } from './db-postgres';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * The PostgreSQL server to make a scratch database on. Several processes on one database need a
 * real PostgreSQL: like the other PostgreSQL runs, suites using it run where DATABASE_URL names
 * one (.ci/run does), so `make test` needs nothing but Node.
 */
export const POSTGRES = process.env.DATABASE_URL ?? process.env.E2E_POSTGRES_URL;

/**
 * Two server processes on one fresh PostgreSQL database and one local chain, started before the
 * suite and stopped after it; `env` adds to their environment. The pair is read once started.
 */
export function twoServers(env: Record<string, string> = {}) {
  const undo: (() => Promise<unknown>)[] = [];
  let servers: [ServerProcess, ServerProcess] | undefined;
  beforeAll(async () => {
    if (!POSTGRES) return;
    const tc = await startTestChain();
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
    const all = {
      DATABASE_URL: url,
      SOLANA_RPC_URL: tc.chain.rpcUrl,
      ESCROW_WALLET: Keypair.generate().publicKey.toBase58(),
      DATA_DIR: dataDir,
      UPLOAD_DIR: `${dataDir}/uploads`,
      ...env,
    };
    servers = await Promise.all([startServerProcess(all), startServerProcess(all)]);
    undo.push(() => Promise.all(servers!.map((s) => s.kill('SIGTERM'))));
  }, 120_000);
  afterAll(async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
  });
  return () => {
    if (!servers) throw new Error('the two servers have not started');
    return servers;
  };
}
