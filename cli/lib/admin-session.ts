import type { Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import { ApiClient, type Query } from './api-client';
import { CliError } from './errors';
import type { AdminFlags } from './options';
import { signInAdmin } from './sign-in';

export interface AdminSession {
  api: ApiClient;
  keypair: Keypair;
  wallet: string;
  /** The admin's own wallet as `?walletAddress=` (spec), plus `extra`. */
  query(extra?: Query): Query;
}

export async function readKeypair(file: string): Promise<Keypair> {
  // Loaded on use: web3.js is slow to import and `--help` should not wait for it.
  const { KeypairFileError, loadKeypair } = await import('../../src/adapters/solana/keypair-file');
  try {
    return await loadKeypair(file);
  } catch (error) {
    if (error instanceof KeypairFileError) throw new CliError(`Keypair ${error.message}`);
    throw error;
  }
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
