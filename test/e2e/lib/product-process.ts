import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, freePortPair } from './free-port';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunningProduct {
  url: string;
  dataDir: string;
  uploadDir: string;
  logFile: string;
  /** Behind a balancer: each server's own address (its /metrics counts its own requests). */
  servers?: string[];
  /** Everything the product wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real product as `make start` does (`node --import tsx cli/main.ts serve`) on fresh
 * folders and free ports, with SEED=0, and waits until GET /api/health answers.
 */
export async function startProduct(opts: {
  databaseUrl?: string;
  logFile: string;
  /** More settings for this run (the mainnet run's LOCAL_CHAIN_PROFILE). */
  env?: NodeJS.ProcessEnv;
}): Promise<RunningProduct> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'e2e-product-'));
  const dataDir = path.join(root, 'data');
  const uploadDir = path.join(root, 'uploads');
  const port = await freePort();
  const chainPort = await freePortPair();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOCAL_CHAIN_PORT: String(chainPort),
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    SEED: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    DATABASE_URL: opts.databaseUrl ?? '',
    SOLANA_RPC_URL: '',
    ESCROW_WALLET: '',
    ADMIN_WALLETS: '',
    // Buyer and seller protection: the server settles due payouts every 2 s, and a 3-day
    // inspection period keeps the journey's clock warps (about 3 days in all) inside the 7-day
    // session lifetime.
    SETTLE_INTERVAL_SECONDS: '2',
    INSPECTION_DAYS: '3',
    // The scale step lists 1,000 products as one seller within a minute (default: 300/60).
    RATE_LIMIT_UPLOAD: '2000/2000',
    ...opts.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'serve'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(opts.logFile);
  let text = '';
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    log.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, exited);
    log.end();
    await rm(root, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, exited, () => text);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, uploadDir, logFile: opts.logFile, output: () => text, stop };
}

async function waitForHealth(url: string, exited: Promise<number | null>, output: () => string) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The product exited while starting:\n${output().slice(-2000)}`);
    const ok = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product did not answer /api/health within 90 s:\n${output().slice(-2000)}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
