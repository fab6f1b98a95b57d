import type { Connection, Keypair } from '@solana/web3.js';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { ensureKeypairFile } from '@src/adapters/solana/keypair-file';
import { ApiClient } from '../lib/api-client';
import { signIn } from '../lib/sign-in';
import type { User } from '@src/domain/entities';
import { runPool } from './pool';

export interface SeedWallet {
  role: 'seller' | 'buyer';
  number: number;
  keypair: Keypair;
  api: ApiClient;
  user: User;
}

/**
 * `count` wallets of a role, each signed in to the API with its own session. The first is the
 * local chain's demo wallet of that role (`<dataDir>/dev-wallets/`) when there is one, so the
 * Demo Seller and Demo Buyer offered in the web app have listings, sales and purchases; the
 * others live under `<dataDir>/seed-wallets/`, made on the first run and reused after.
 */
export async function seedWallets(
  role: SeedWallet['role'],
  count: number,
  opts: { apiUrl: string; dataDir: string; concurrency: number },
): Promise<SeedWallet[]> {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return runPool(numbers, opts.concurrency, async (number) => {
    const demo = path.join(opts.dataDir, 'dev-wallets', `${role}.json`);
    const file =
      number === 1 && (await exists(demo))
        ? demo
        : path.join(opts.dataDir, 'seed-wallets', `${role}-${number}.json`);
    const keypair = await ensureKeypairFile(file);
    const api = new ApiClient(opts.apiUrl);
    const { user } = await signIn(api, keypair);
    return { role, number, keypair, api, user };
  });
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Tops `keypair` up to at least `floor` lamports with a faucet airdrop (local chain, devnet). */
export async function topUp(connection: Connection, keypair: Keypair, floor: bigint) {
  const balance = BigInt(await connection.getBalance(keypair.publicKey));
  if (balance >= floor) return;
  const signature = await connection.requestAirdrop(keypair.publicKey, Number(floor - balance));
  const latest = await connection.getLatestBlockhash();
  const { value } = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (value.err) throw new Error(`Airdrop to ${keypair.publicKey.toBase58()} failed`);
}
