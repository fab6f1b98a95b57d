import { Keypair } from '@solana/web3.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startCluster } from '../scripts/cluster-lib';
import { Client } from '../test/support/api';
import type { BenchServer } from './purchases';

/**
 * `make cluster` for the benchmark: `servers` server processes on one PostgreSQL database behind
 * haproxy (round robin), the local chain as a process of its own, rate limits off.
 */
export async function startBenchCluster(
  databaseUrl: string,
  servers: number,
): Promise<BenchServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-cluster-'));
  const admin = Keypair.generate();
  const cluster = await startCluster({
    databaseUrl,
    servers,
    dir,
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'silent', ADMIN_WALLETS: admin.publicKey.toBase58() },
  });
  try {
    const adminClient = new Client(cluster.url, admin);
    await adminClient.signIn();
    return {
      url: cluster.url,
      rpcUrl: cluster.rpcUrl,
      escrowWallet: cluster.escrowWallet,
      admin: adminClient,
      async close() {
        await cluster.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
