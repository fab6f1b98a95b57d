import type { Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import { ApiClient, type Query } from './api-client';
import type { AdminFlags } from './options';
import { readKeypair } from './keypair';
import { signInAdmin } from './sign-in';

export interface AdminSession {
  api: ApiClient;
  keypair: Keypair;
  wallet: string;
  /** The admin's own wallet as `?walletAddress=` (spec), plus `extra`. */
  query(extra?: Query): Query;
}

/** Reads the keypair and signs in with it as an admin (a non-admin wallet is refused). */
export async function adminSession(flags: AdminFlags, logger: Logger): Promise<AdminSession> {
  const keypair = await readKeypair(flags.keypair);
  const api = new ApiClient(flags.api, logger);
  await signInAdmin(api, keypair);
  const wallet = keypair.publicKey.toBase58();
  logger.info({ wallet, api: flags.api }, 'signed in as admin');
  return { api, keypair, wallet, query: (extra = {}) => ({ walletAddress: wallet, ...extra }) };
}
