import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import { solToLamports } from '../../src/domain/money';
import { createConnection } from '../../src/adapters/solana/connection';
import { startLocalChain, type LocalChain } from '../../src/adapters/solana/local-chain';

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
  opts: { dataDir?: string; slotMs?: number } = {},
): Promise<TestChain> {
  const chain = await startLocalChain({ port: 0, dataDir: opts.dataDir, slotMs: opts.slotMs });
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
