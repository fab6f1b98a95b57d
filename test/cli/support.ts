import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { loadConfig } from '@src/config';
import { startMarketplace } from '@src/composition';
import { createConnection } from '@src/adapters/solana/connection';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { saveKeypair } from '@src/adapters/solana/keypair-file';
import { solToLamports } from '@src/domain/money';
import { ApiClient } from '@cli/lib/api-client';
import { signIn } from '@cli/lib/sign-in';
import { migratedDataDir } from './pglite-template';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  /** The signal that ended it (SIGKILL after `killOn`). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as its own process, as a person would (stdin a closed pipe: no terminal).
 * `killOn`: SIGKILL it the moment its stderr matches, as a crash at that point would.
 */
export function runCli(
  args: string[],
  opts: {
    env?: Record<string, string>;
    timeoutMs?: number;
    killOn?: RegExp;
    /** Told the whole stderr so far on each chunk. */
    onStderr?: (stderr: string) => void;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      opts.onStderr?.(stderr);
      if (opts.killOn?.test(stderr)) child.kill('SIGKILL');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

/** The whole product (API, PGlite, local chain, escrow key) in fresh temp folders. */
export async function startMarket(env: Record<string, string> = {}) {
  const dataDir = await tempDir('mp-cli-data-');
  const uploadDir = await tempDir('mp-cli-uploads-');
  await migratedDataDir(dataDir);
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    LOCAL_CHAIN_PORT: '0',
    SEED: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const market = await startMarketplace(config);
  const connection = createConnection(market.rpcUrl);
  const escrowKeypairPath = path.join(dataDir, 'escrow-keypair.json');
  return {
    ...market,
    dataDir,
    connection,
    escrowKeypairPath,
    balance: async (address: string) =>
      BigInt(await connection.getBalance(new PublicKey(address), 'confirmed')),
    /** A signed-in wallet with its key saved to a file, funded with `sol` from the faucet. */
    async wallet(name: string, sol = '0') {
      const keypair = Keypair.generate();
      const file = path.join(dataDir, 'test-wallets', `${name}.json`);
      await saveKeypair(file, keypair);
      if (sol !== '0')
        await market.localChain!.airdrop(keypair.publicKey.toBase58(), solToLamports(sol));
      const api = new ApiClient(market.url);
      const { user } = await signIn(api, keypair);
      return { keypair, file, api, user, address: keypair.publicKey.toBase58() };
    },
    /** A System Program transfer signed by `from`, sent and confirmed; its signature. */
    async transfer(from: Keypair, to: string, price: string) {
      const tx = await buildTransfer(connection, from, to, solToLamports(price), {
        reference: Keypair.generate().publicKey,
      });
      return sendAndConfirm(connection, tx);
    },
    async close() {
      await market.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

export type Market = Awaited<ReturnType<typeof startMarket>>;
