import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startCluster } from '../../../scripts/cluster-lib';
import type { RunningProduct } from './product-process';

/**
 * The product as `make cluster` runs it, for the balancer run of `make e2e`: two servers behind
 * haproxy (two show every request may land on another server; a third would only cost time),
 * one local chain, uploads in the PostgreSQL database. The journey sees the balancer's address.
 */
export async function startClusterProduct(opts: {
  databaseUrl: string;
  logFile: string;
}): Promise<RunningProduct> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'e2e-cluster-'));
  const cluster = await startCluster({
    databaseUrl: opts.databaseUrl,
    servers: 2,
    dir: root,
    chainInMemory: true,
    // As the other backends: due payouts settled every 2 s, a short inspection period.
    env: {
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      SETTLE_INTERVAL_SECONDS: '2',
      INSPECTION_DAYS: '3',
    },
  }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  const output = async () => {
    const logs = await Promise.all(
      [...cluster.servers.map((s) => s.name), 'haproxy', 'chain'].map(async (name) => {
        const text = await readFile(path.join(cluster.logDir, `${name}.log`), 'utf8').catch(
          () => '',
        );
        return `==> ${name}.log\n${text}`;
      }),
    );
    return logs.join('\n');
  };
  let text = '';
  return {
    url: cluster.url,
    // The escrow key is <dir>/escrow-keypair.json, where the world looks for it.
    dataDir: cluster.dir,
    uploadDir: cluster.dir,
    logFile: opts.logFile,
    servers: cluster.servers.map((s) => s.url),
    output: () => text,
    async stop() {
      await cluster.stop();
      text = await output();
      await writeFile(opts.logFile, text);
      await rm(root, { recursive: true, force: true });
    },
  };
}
