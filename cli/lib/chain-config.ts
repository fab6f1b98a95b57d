import type { Connection } from '@solana/web3.js';
import type { Logger } from 'pino';
import { config } from '@src/contracts/meta';
import type { ApiClient } from './api-client';

export interface ChainConfig {
  cluster: string;
  rpcUrl: string;
  escrowWallet: string;
}

/** GET /api/config: which cluster the server uses, its RPC URL and the escrow wallet. */
export async function chainConfig(api: ApiClient): Promise<ChainConfig> {
  return api.send(config);
}

/** A Connection at `confirmed` with the spec's 429 backoff (the chain adapter's client). */
export async function connect(rpcUrl: string, logger?: Logger): Promise<Connection> {
  const { createConnection } = await import('@src/adapters/solana/connection');
  return createConnection(rpcUrl, { logger });
}
