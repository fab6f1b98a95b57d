import { PublicKey, SystemProgram, Transaction, type Keypair } from '@solana/web3.js';
import { budgetInstructions, type ComputeBudget } from './compute-budget';
import { signTransaction } from './native-ed25519';

/**
 * One transaction from the escrow wallet paying every part of a payout, signed, opened by its
 * compute budget (unit limit, priority fee). The payout's
 * reference rides, read-only and unsigned, on the first transfer: it finds the transaction on
 * chain later (as Solana Pay references do), whoever sent it.
 */
export function payoutTransaction(
  escrow: Keypair,
  payout: { reference: string; parts: readonly { to: string; lamports: bigint }[] },
  blockhash: { blockhash: string; lastValidBlockHeight: number },
  budget: ComputeBudget,
): Transaction {
  const tx = new Transaction({ feePayer: escrow.publicKey, ...blockhash });
  tx.add(...budgetInstructions(budget));
  for (const [index, part] of payout.parts.entries()) {
    const transfer = SystemProgram.transfer({
      fromPubkey: escrow.publicKey,
      toPubkey: new PublicKey(part.to),
      lamports: part.lamports,
    });
    if (index === 0) {
      transfer.keys.push({
        pubkey: new PublicKey(payout.reference),
        isSigner: false,
        isWritable: false,
      });
    }
    tx.add(transfer);
  }
  return signTransaction(tx, escrow);
}
