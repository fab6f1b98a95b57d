import { Keypair, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import type { Product, User } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { getConfig } from '@web/api/get-config';
import { getEscrowWallet } from '@web/api/get-escrow-wallet';
import type { LandingStep } from '@web/lib/solana/land-transaction';
import { sendSolTransfer } from '@web/lib/solana/send-transfer';
import { confirmOnSale } from './confirm-on-sale';

export interface PaymentInput {
  product: Product | null;
  buyerId: number | null;
  walletAddress: string | null;
  adapter: Adapter | null;
  seller: User | null;
  connection: Connection;
  /** Told what the network is doing while the payment lands. */
  onStep?: (step: LandingStep) => void;
}

/** Spec section 8 purchase pre-checks, in order; each failure is a plain Error. */
function preCheck(input: PaymentInput) {
  if (!input.buyerId) throw new Error('User not authenticated');
  if (!input.product) throw new Error('Product not found');
  if (!input.walletAddress) throw new Error('Wallet not connected');
  if (!input.adapter) throw new Error('Wallet adapter not available');
  if (!input.adapter.publicKey) throw new Error('Wallet public key not available');
  if (!input.seller?.walletAddress) throw new Error('Seller data not found');
  // Beyond the spec: the server refuses such an order, so never take the payment first.
  if (input.product.sellerId === input.buyerId) throw new Error('You cannot buy your own product');
  return {
    product: input.product,
    from: input.walletAddress,
    adapter: input.adapter,
    seller: input.seller.walletAddress,
  };
}

/**
 * ESCROW_MODE from GET /api/config (absent: the spec's wallet mode). Unreadable, nothing is
 * paid: in multisig mode a payment to the escrow wallet would buy nothing.
 */
async function multisigArbiter(): Promise<string | null> {
  const config = await getConfig().catch(() => null);
  if (!config) throw new Error('Escrow wallet not found');
  return config.escrowMode === 'multisig' ? config.escrowWallet : null;
}

/**
 * Pays the product's exact price (solToLamports) from the buyer's wallet into the escrow
 * wallet (multisig mode: into the order's own 2-of-3 escrow account of buyer, seller and the
 * arbiter) and waits for confirmation. Returns the transaction's signature. In wallet mode one
 * fresh reference per order attempt rides on every signing of it, so each signing can be found
 * on chain; a new signing is only asked once the previous one can no longer land
 * (sendSolTransfer).
 */
export async function payIntoEscrow(input: PaymentInput): Promise<string> {
  const { product: shown, from, adapter, seller } = preCheck(input);
  const product = await confirmOnSale(shown);
  const arbiter = await multisigArbiter();
  if (arbiter) {
    // Loaded only in multisig mode: the wallet mode's first load stays as it was.
    const { sendEscrowPurchase } = await import('@web/lib/solana/escrow-purchase');
    return sendEscrowPurchase({
      adapter,
      connection: input.connection,
      buyer: from,
      seller,
      arbiter,
      lamports: solToLamports(product.price),
      onStep: input.onStep,
    });
  }
  let escrow: string | undefined;
  try {
    escrow = (await getEscrowWallet()).walletAddress;
  } catch {
    escrow = undefined;
  }
  if (!escrow) throw new Error('Escrow wallet not found');
  return sendSolTransfer({
    adapter,
    connection: input.connection,
    from,
    to: escrow,
    lamports: solToLamports(product.price),
    reference: Keypair.generate().publicKey.toBase58(),
    onStep: input.onStep,
  });
}
