import type { Connection } from '@solana/web3.js';
import type { Logger } from 'pino';
import { config } from '@src/contracts/meta';
import type { ApiClient } from './api-client';
import { CliError } from './errors';

export interface ChainConfig {
  cluster: string;
  rpcUrl: string;
  escrowWallet: string;
  escrowMode?: 'wallet' | 'multisig';
}

/**
 * GET /api/config: which cluster the server uses, its RPC URL and the escrow wallet. Every
 * command that asks moves money to or from the escrow wallet, which in multisig mode holds no
 * buyer's money: there it stops before anything is sent.
 */
export async function chainConfig(api: ApiClient): Promise<ChainConfig> {
  const answer = await serverConfig(api);
  if (answer.escrowMode === 'multisig') {
    throw new CliError(
      'This server keeps each payment in its own 2-of-3 escrow account (ESCROW_MODE=multisig); ' +
        'the CLI pays and pays out only in wallet mode: use the web app. Nothing was sent.',
    );
  }
  return answer;
}

/** GET /api/config as it is, in either escrow mode (for commands that work in both). */
export function serverConfig(api: ApiClient): Promise<ChainConfig> {
  return api.send(config);
}

/** A Connection at `confirmed` with the spec's 429 backoff (the chain adapter's client). */
export async function connect(rpcUrl: string, logger?: Logger): Promise<Connection> {
  const { createConnection } = await import('@src/adapters/solana/connection');
  return createConnection(rpcUrl, { logger });
}
