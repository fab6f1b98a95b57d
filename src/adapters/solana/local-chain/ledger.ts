import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js';
import { getTransactionDecoder, type Address, type Transaction } from '@solana/kit';
import { Clock, FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import bs58 from 'bs58';
import { Blockhashes, BLOCKHASH_VALIDITY } from './blockhashes';
import { feeForMessage } from './fees';
import {
  failure,
  innerInstructionsOf,
  preflightFailure,
  signatureFailure,
  success,
  type Simulation,
} from './outcome';
import { invalidParams } from './rpc-error';
import type { TxRecord, TxStore } from './tx-store';

export interface LedgerState {
  svm: LiteSVM;
  genesisHash: string;
  slot: number;
  store: TxStore;
}

interface Decoded {
  wire: Uint8Array;
  signature: string;
  message: VersionedMessage;
  kitTx: Transaction;
}

/** LiteSVM plus what a node adds around it: slots, a blockhash window, preflight, history. */
export class Ledger {
  readonly svm: LiteSVM;
  readonly genesisHash: string;
  readonly store: TxStore;
  private slotNow: number;
  private readonly hashes: Blockhashes;
  private readonly listeners = new Set<(record: TxRecord) => void>();

  constructor(state: LedgerState) {
    this.svm = state.svm;
    this.genesisHash = state.genesisHash;
    this.store = state.store;
    this.slotNow = state.slot;
    this.hashes = new Blockhashes(state.genesisHash, state.slot);
    this.svm.withBlockhashCheck(false);
  }

  get slot(): number {
    return this.slotNow;
  }

  tick(): void {
    this.slotNow += 1;
    this.hashes.advance(this.slotNow);
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const blockhash = this.hashes.hashFor(this.slotNow);
    return { blockhash, lastValidBlockHeight: this.slotNow + BLOCKHASH_VALIDITY };
  }

  isBlockhashValid(hash: string): boolean {
    return this.hashes.slotOf(hash, this.slotNow) !== null;
  }

  onTransaction(listener: (record: TxRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  balance(address: string): bigint {
    return this.svm.getBalance(address as Address) ?? 0n;
  }

  decode(wire: Uint8Array): Decoded {
    try {
      const tx = VersionedTransaction.deserialize(wire);
      const kitTx = getTransactionDecoder().decode(wire);
      return { wire, signature: bs58.encode(tx.signatures[0]!), message: tx.message, kitTx };
    } catch (error) {
      throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`);
    }
  }

  simulate(tx: Decoded, opts: { sigVerify: boolean; replaceBlockhash: boolean }): Simulation {
    if (!opts.replaceBlockhash && !this.isBlockhashValid(tx.message.recentBlockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n };
    }
    if (this.store.get(tx.signature) && opts.sigVerify) {
      return { err: 'AlreadyProcessed', logs: [], unitsConsumed: 0n };
    }
    this.syncClock();
    this.svm.withSigverify(opts.sigVerify);
    try {
      const result = this.svm.simulateTransaction(tx.kitTx);
      if (result instanceof FailedTransactionMetadata) return failure(result);
      return success(result.meta());
    } catch {
      return { err: 'SignatureFailure', logs: [], unitsConsumed: 0n };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** sendTransaction: preflight unless skipped, then execute and record. Returns the signature. */
  send(wire: Uint8Array, opts: { skipPreflight: boolean }): string {
    const tx = this.decode(wire);
    if (!opts.skipPreflight) {
      const sim = this.simulate(tx, { sigVerify: true, replaceBlockhash: false });
      if (sim.err === 'SignatureFailure') throw signatureFailure();
      if (sim.err !== null) throw preflightFailure(sim);
    } else if (!this.isBlockhashValid(tx.message.recentBlockhash) || this.store.get(tx.signature)) {
      return tx.signature; // a real leader drops these silently
    }
    this.execute(tx);
    return tx.signature;
  }

  private execute(tx: Decoded): void {
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
    const pre = keys.map((k) => this.balance(k));
    this.syncClock();
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      result = this.svm.sendTransaction(tx.kitTx);
    } catch {
      throw signatureFailure();
    }
    const post = keys.map((k) => this.balance(k));
    const failed = result instanceof FailedTransactionMetadata ? failure(result) : null;
    if (failed && pre[0] === post[0]) {
      if (failed.err === 'SignatureFailure') throw signatureFailure();
      return; // not executed, no fee charged: dropped, as a leader would
    }
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
    const record: TxRecord = {
      signature: tx.signature,
      slot: this.slotNow,
      blockTime: Math.floor(Date.now() / 1000),
      wire: Buffer.from(tx.wire).toString('base64'),
      err: failed?.err ?? null,
      logs: meta.logs(),
      fee: failed ? pre[0]! - post[0]! : feeForMessage(tx.message),
      unitsConsumed: meta.computeUnitsConsumed(),
      accountKeys: keys,
      preBalances: pre,
      postBalances: post,
      innerInstructions: innerInstructionsOf(meta),
    };
    this.store.add(record);
    for (const listener of this.listeners) listener(record);
  }

  private syncClock(): void {
    const clock = this.svm.getClock();
    if (clock.slot === BigInt(this.slotNow)) return;
    const now = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(new Clock(BigInt(this.slotNow), now, 0n, 0n, now));
  }
}
