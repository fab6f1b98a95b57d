import type { Connection, Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { EscrowPayer, PayoutPart, PreparedPayout } from '../../app/ports';
import { computeBudgetFor } from './compute-budget';
import { serializeChecked } from './native-ed25519';
import { payoutTransaction } from './payout-transaction';
import { resendWhileWaiting } from './transfers';

const ALREADY_LANDED = /already been processed|AlreadyProcessed/i;

/**
 * Pays out of escrow with the escrow keypair (the embedded local chain's, or ESCROW_KEYPAIR on a
 * real cluster). The transaction is signed before it is sent, so its signature is known, and
 * recorded, before any lamport can move. While it is confirmed the same bytes are re-sent (a
 * dropped send lands later, never twice); once its blockhash dies, recovery decides.
 */
export class KeypairEscrowPayer implements EscrowPayer {
  constructor(
    private readonly connection: Connection,
    private readonly escrow: Keypair,
  ) {}

  async prepare(parts: readonly PayoutPart[], reference: string): Promise<PreparedPayout> {
    const [{ blockhash, lastValidBlockHeight }, budget] = await Promise.all([
      this.connection.getLatestBlockhash('confirmed'),
      computeBudgetFor(
        this.connection,
        [this.escrow.publicKey.toBase58(), ...parts.map((p) => p.to)],
        parts.length,
      ),
    ]);
    const tx = payoutTransaction(
      this.escrow,
      { reference, parts },
      { blockhash, lastValidBlockHeight },
      budget,
    );
    const signature = bs58.encode(tx.signature!);
    const wire = serializeChecked(tx);
    const connection = this.connection;
    return {
      signature,
      lastValidBlockHeight: BigInt(lastValidBlockHeight),
      async send() {
        try {
          await connection.sendRawTransaction(wire, { preflightCommitment: 'confirmed' });
        } catch (error) {
          if (!ALREADY_LANDED.test(String((error as Error).message))) throw error;
        }
      },
      async confirm() {
        const resending = resendWhileWaiting(connection, wire);
        try {
          const { value } = await connection.confirmTransaction(
            { signature, blockhash, lastValidBlockHeight },
            'confirmed',
          );
          return value.err ? 'failed' : 'confirmed';
        } catch (error) {
          if ((error as Error).name === 'TransactionExpiredBlockheightExceededError') {
            return 'expired';
          }
          throw error;
        } finally {
          clearInterval(resending);
        }
      },
    };
  }
}
