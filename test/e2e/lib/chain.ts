import { Keypair, LAMPORTS_PER_SOL, PublicKey, type Connection } from '@solana/web3.js';
import { createConnection } from '@src/adapters/solana/connection';
import { transfersOf, type Transfer } from './test-wallet';

export interface ChainInfo {
  rpcUrl: string;
  escrowWallet: string;
  cluster: string;
  /** ESCROW_MODE; absent means wallet. */
  escrowMode?: 'wallet' | 'multisig';
}

/** The product's chain as its public config names it, and what the steps ask of it. */
export async function productChain(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/config`);
  if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
  const info = (await res.json()) as ChainInfo;
  const connection = createConnection(info.rpcUrl);
  return {
    info,
    connection,
    balance: async (address: string) => BigInt(await connection.getBalance(new PublicKey(address))),
    fund: (sol: number) => fund(connection, sol),
    transaction: (signature: string) => confirmedTransfers(connection, signature),
  };
}

export type ProductChain = Awaited<ReturnType<typeof productChain>>;

/** A new keypair with `sol` airdropped through the product's RPC URL, confirmed. */
async function fund(connection: Connection, sol: number): Promise<Keypair> {
  const keypair = Keypair.generate();
  const lamports = sol * LAMPORTS_PER_SOL;
  await connection.requestAirdrop(keypair.publicKey, lamports);
  const deadline = Date.now() + 20_000;
  while ((await connection.getBalance(keypair.publicKey)) < lamports) {
    if (Date.now() > deadline) throw new Error('The airdrop did not arrive within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return keypair;
}

/** The transfers of a confirmed, successful transaction (throws when it failed or is unknown). */
async function confirmedTransfers(connection: Connection, signature: string): Promise<Transfer[]> {
  const get = () =>
    connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
  // A node serves a transaction some slots after it reports it (the mainnet profile's lag).
  let tx = await get();
  for (const deadline = Date.now() + 10_000; !tx && Date.now() < deadline; tx = await get()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!tx) throw new Error(`Transaction ${signature} is not on chain`);
  if (tx.meta?.err)
    throw new Error(`Transaction ${signature} failed: ${JSON.stringify(tx.meta.err)}`);
  return transfersOf(tx.transaction);
}
