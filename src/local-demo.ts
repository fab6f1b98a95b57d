import { LAMPORTS_PER_SOL, type Keypair } from '@solana/web3.js';
import path from 'node:path';
import type { Logger } from 'pino';
import { createConnection } from './adapters/solana/connection';
import { ensureKeypairFile } from './adapters/solana/keypair-file';
import { startLocalChainThread } from './local-chain/chain-thread';
import { startLocalChain, type LocalChain } from './local-chain/local-chain';
import type { ChainProfile } from './local-chain/profile';
import type { DevWallet } from './contracts/meta';

const DEMO_FUNDS = 100n * BigInt(LAMPORTS_PER_SOL);
/**
 * The Demo Buyer can buy any product of the demo catalogue after the seed has spent from it
 * (test/cli/seed-plan.test.ts checks it): topped up to this on every start.
 */
export const DEMO_BUYER_FUNDS = 5_000n * BigInt(LAMPORTS_PER_SOL);
const ESCROW_FEE_FUNDS = 2n * BigInt(LAMPORTS_PER_SOL);

export interface LocalDemo {
  chain: LocalChain;
  escrow: Keypair;
  escrowKeypairPath: string;
  devWallets: () => Promise<DevWallet[]>;
}

/**
 * The embedded defaults for a chain: a local chain, the escrow/admin keypair generated on first
 * start, and funded demo wallets. Nothing here exists when SOLANA_RPC_URL names a real cluster.
 */
export async function startLocalDemo(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
  profile?: ChainProfile;
  /** On a worker thread of its own (the server), or on this one. */
  thread?: boolean;
}): Promise<LocalDemo> {
  const chainOptions = {
    port: opts.port,
    profile: opts.profile,
    dataDir: opts.dataDir,
    logger: opts.logger,
  };
  const chain = opts.thread
    ? await startLocalChainThread(chainOptions)
    : await startLocalChain(chainOptions);
  const escrowKeypairPath = path.join(opts.dataDir, 'escrow-keypair.json');
  const escrow = await ensureKeypairFile(escrowKeypairPath);
  const buyer = await ensureKeypairFile(path.join(opts.dataDir, 'dev-wallets', 'buyer.json'));
  const seller = await ensureKeypairFile(path.join(opts.dataDir, 'dev-wallets', 'seller.json'));
  const connection = createConnection(chain.rpcUrl);
  const topUp = async (kp: Keypair, floor: bigint) => {
    const balance = BigInt(await connection.getBalance(kp.publicKey));
    if (balance < floor) await chain.airdrop(kp.publicKey.toBase58(), floor - balance);
  };
  await Promise.all([
    topUp(escrow, ESCROW_FEE_FUNDS),
    topUp(buyer, DEMO_BUYER_FUNDS),
    topUp(seller, DEMO_FUNDS),
  ]);
  const wallet = (label: string, role: DevWallet['role'], kp: Keypair): DevWallet => ({
    label,
    role,
    publicKey: kp.publicKey.toBase58(),
    secretKey: Array.from(kp.secretKey),
  });
  return {
    chain,
    escrow,
    escrowKeypairPath,
    devWallets: async () => [
      wallet('Demo Buyer', 'buyer', buyer),
      wallet('Demo Seller', 'seller', seller),
      wallet('Admin (escrow)', 'admin', escrow),
    ],
  };
}
