import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import { solToLamports } from '@src/domain/money';
import { createConnection } from '@src/adapters/solana/connection';
import { startLocalChain, type LocalChain } from '@src/local-chain/local-chain';
import type { ChainProfile } from '@src/local-chain/profile';

const ROOT = resolve(import.meta.dirname, '../..');

export interface TestChain {
  chain: LocalChain;
  /** A web3.js Connection at `confirmed`, with the app's 429 retry. */
  connection: Connection;
  /** Airdrops `sol` (a decimal like "2.5", or a number) to the key; landed when this resolves. */
  fund(who: Keypair | PublicKey | string, sol: string | number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a local chain on a random port pair (in memory unless `dataDir` is given). */
export async function startTestChain(
  opts: { dataDir?: string; slotMs?: number; profile?: ChainProfile } = {},
): Promise<TestChain> {
  const chain = await startLocalChain({
    port: 0,
    dataDir: opts.dataDir,
    slotMs: opts.slotMs,
    profile: opts.profile,
  });
  const connection = createConnection(chain.rpcUrl);
  return {
    chain,
    connection,
    fund(who, sol) {
      const key = who instanceof Keypair ? who.publicKey : new PublicKey(who);
      return chain.airdrop(key.toBase58(), solToLamports(String(sol)));
    },
    async stop() {
      // web3.js reconnects its WebSocket forever unless it is closed normally (code 1000).
      const socket = (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket;
      try {
        socket?.close();
      } catch {
        // never connected
      }
      await chain.stop();
    },
  };
}

/** A fresh temporary folder for a chain's data. */
export const tempDataDir = () => mkdtemp(join(tmpdir(), 'chain-test-'));

export interface ChainProcess {
  child: ChildProcess;
  /** What matched `until` (its first group when it has one). */
  found: string;
  /** From spawn to the match. */
  startMs: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * `marketplace chain start <args>` as its own process, as a developer runs it; resolves once its
 * output matches `until` (by default the line announcing the RPC URL).
 */
export function spawnChainStart(
  args: string[],
  until = /Local chain running: (http:\/\/\S+)/,
): Promise<ChainProcess> {
  const began = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cli/main.ts', 'chain', 'start', '--port', '0', ...args],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk;
      const match = until.exec(out);
      if (match)
        resolve({ child, found: match[1] ?? match[0], startMs: Date.now() - began, exited });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`chain start ended (${code}): ${out}`)));
  });
}
