import type { Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { shortAddress } from '@web/lib/format-address';
import { sendPayoutTransaction } from '@web/lib/solana/send-payout-transaction';

export interface PayoutInput {
  adapter: Adapter | null;
  /** The connected admin wallet. */
  walletAddress: string | null;
  /** The escrow wallet of GET /api/config; payouts must come from it. */
  escrowWallet: string | null;
  /** GET /api/config's ESCROW_MODE: in multisig mode the escrow wallet pays nothing. */
  escrowMode?: 'wallet' | 'multisig';
  connection: Connection;
  /** The seller's or buyer's wallet; null when its user record could not be read. */
  to: string | null;
  /** Exact amount (solToLamports of the order price, or a payment's lamports). */
  lamports: bigint | null;
  /**
   * Reserves the payout with the server before it is signed (one under way at a time, whoever
   * sends): given the blockhash's last valid height and the recipient, answers the reference the
   * transfer carries.
   */
  reserve: (lastValidBlockHeight: number, to: string) => Promise<string>;
}

/**
 * Spec section 5 checks, then the payout reserved with the server and one transfer escrow ->
 * recipient carrying its reference, signed by the connected wallet and confirmed at 'confirmed'.
 * Returns the signature.
 */
export async function sendPayout(input: PayoutInput): Promise<string> {
  if (!input.adapter || !input.to || input.lamports === null || input.lamports <= 0n) {
    throw new Error('Missing required data');
  }
  if (input.escrowMode === 'multisig') {
    // The escrow wallet holds no buyer's money here: a transfer from it would be the
    // marketplace's own money, and would not pay the order.
    throw new Error(
      'In multisig mode the escrow wallet holds no buyer’s money: nothing is sent from it. Each order’s money is in its own escrow account, paid out when the party paid claims the decision.',
    );
  }
  const from = escrowSigner(input);
  // Reserved on this blockhash: sent while it lives, never signed anew here (a reservation
  // whose blockhash died with nothing on chain may be taken again).
  const blockhash = await input.connection.getLatestBlockhash('confirmed');
  const reference = await input.reserve(blockhash.lastValidBlockHeight, input.to);
  return sendPayoutTransaction({
    adapter: input.adapter,
    connection: input.connection,
    from,
    reference,
    parts: [{ wallet: input.to, lamports: input.lamports }],
    blockhash,
  });
}

/** Spec section 5: the connected wallet must be the escrow wallet; answers its address. */
export function escrowSigner(
  input: Pick<PayoutInput, 'adapter' | 'walletAddress' | 'escrowWallet'>,
): string {
  if (!input.adapter?.publicKey || !input.walletAddress) {
    throw new Error('Escrow wallet not connected');
  }
  if (!input.escrowWallet) {
    throw new Error('The escrow wallet is not known yet. Reload the page and try again.');
  }
  if (input.walletAddress !== input.escrowWallet) {
    throw new Error(
      `The connected wallet is not the escrow wallet. Connect the escrow wallet (${shortAddress(input.escrowWallet)}) to pay from escrow.`,
    );
  }
  return input.walletAddress;
}
