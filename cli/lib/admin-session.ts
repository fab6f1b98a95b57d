import type { Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import { ApiClient } from './api-client';
import type { AdminFlags } from './options';
import { readKeypair } from './keypair';
import { signInAdmin } from './sign-in';

export interface AdminSession {
  api: ApiClient;
  keypair: Keypair;
  /** The admin's own wallet: admin calls carry it as `?walletAddress=` (spec). */
  wallet: string;
}

/** Reads the keypair and signs in with it as an admin (a non-admin wallet is refused). */
export async function adminSession(flags: AdminFlags, logger: Logger): Promise<AdminSession> {
  const keypair = await readKeypair(flags.keypair);
  const api = new ApiClient(flags.api, logger);
  await signInAdmin(api, keypair);
  const wallet = keypair.publicKey.toBase58();
  logger.info({ wallet, api: flags.api }, 'signed in as admin');
  return { api, keypair, wallet };
}
