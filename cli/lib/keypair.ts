import type { Keypair } from '@solana/web3.js';
import { CliError } from './errors';

/** A Solana CLI keypair file; a missing or malformed one is one clear sentence. */
export async function readKeypair(file: string): Promise<Keypair> {
  // Loaded on use: web3.js is slow to import and `--help` should not wait for it.
  const { KeypairFileError, loadKeypair } = await import('@src/adapters/solana/keypair-file');
  try {
    return await loadKeypair(file);
  } catch (error) {
    if (error instanceof KeypairFileError) throw new CliError(`Keypair ${error.message}`);
    throw error;
  }
}
