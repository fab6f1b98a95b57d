import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Address } from '@solana/kit';
import type { Ledger } from './ledger';
import { invalidParams } from './rpc-error';

const FAUCET_FLOAT = 1_000_000n * 1_000_000_000n;

/**
 * The local faucet: a keypair whose airdrops are ordinary signed transfers, so they show up in
 * history like any payment. Each carries a fresh reference key so equal airdrops stay distinct.
 */
export class Faucet {
  constructor(
    private readonly ledger: Ledger,
    readonly keypair: Keypair,
  ) {}

  airdrop(address: string, lamports: bigint): string {
    let to: PublicKey;
    try {
      to = new PublicKey(address);
    } catch {
      throw invalidParams('Invalid param: Invalid');
    }
    if (lamports <= 0n) throw invalidParams('Invalid param: lamports must be greater than 0');
    this.refill(lamports);
    const transfer = SystemProgram.transfer({
      fromPubkey: this.keypair.publicKey,
      toPubkey: to,
      lamports,
    });
    transfer.keys.push({
      pubkey: Keypair.generate().publicKey,
      isSigner: false,
      isWritable: false,
    });
    const tx = new Transaction({
      feePayer: this.keypair.publicKey,
      ...this.ledger.clock.latestBlockhash('processed'),
    }).add(transfer);
    tx.sign(this.keypair);
    return this.ledger.send(tx.serialize(), { skipPreflight: false, mayDrop: false });
  }

  private refill(need: bigint): void {
    const address = this.keypair.publicKey.toBase58() as Address;
    if (this.ledger.balance(address) >= need + FAUCET_FLOAT / 2n) return;
    this.ledger.svm.setAccount({
      address,
      lamports: (need + FAUCET_FLOAT) as never,
      data: new Uint8Array(),
      programAddress: '11111111111111111111111111111111' as Address,
      executable: false,
      space: 0n,
    } as never);
  }
}
