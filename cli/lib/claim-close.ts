import { Transaction, type Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import { ApiClient } from './api-client';
import { connect, serverConfig, type ChainConfig } from './chain-config';
import { CliError } from './errors';
import { explorerTxUrl } from './explorer';
import { readKeypair } from './keypair';
import { signIn } from './sign-in';

export interface ClaimFlags {
  api: string;
  keypair: string;
  rpc?: string;
  json?: boolean;
}

/** A party signed in with its own keypair, on a server in multisig mode. */
export async function claimSession(flags: ClaimFlags, logger: Logger) {
  const keypair = await readKeypair(flags.keypair);
  const api = new ApiClient(flags.api, logger);
  await signIn(api, keypair);
  const config = await serverConfig(api);
  if (config.escrowMode !== 'multisig') {
    throw new CliError(
      'This server keeps payments in the escrow wallet (wallet mode): the marketplace pays out, there is nothing to claim',
    );
  }
  return { api, keypair, config };
}

/**
 * Adds the party's signature to a close the arbiter signed, sends it and waits for `confirmed`;
 * answers its signature and explorer page.
 */
export async function signAndSend(
  offered: { transaction: string; lastValidBlockHeight: bigint },
  who: { keypair: Keypair; config: ChainConfig },
  flags: ClaimFlags,
  logger: Logger,
) {
  const tx = Transaction.from(Buffer.from(offered.transaction, 'base64'));
  tx.partialSign(who.keypair);
  const rpcUrl = flags.rpc ?? who.config.rpcUrl;
  const connection = await connect(rpcUrl, logger);
  const signature = await connection.sendRawTransaction(tx.serialize(), {
    preflightCommitment: 'confirmed',
  });
  const landed = await connection.confirmTransaction(
    {
      signature,
      blockhash: tx.recentBlockhash!,
      lastValidBlockHeight: Number(offered.lastValidBlockHeight),
    },
    'confirmed',
  );
  if (landed.value.err) {
    throw new CliError(
      `The close ${signature} failed on chain: ${JSON.stringify(landed.value.err)}`,
    );
  }
  return { signature, explorerUrl: explorerTxUrl(signature, who.config.cluster, rpcUrl) };
}
