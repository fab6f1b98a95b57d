import { VersionedTransaction } from '@solana/web3.js';
import { getTransactionDecoder, type Address } from '@solana/kit';
import { Clock, FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import { ChainClock } from './chain-clock';
import { execute, type Decoded, type Landed } from './execute';
import { failure, preflightFailure, signatureFailure, success, type Simulation } from './outcome';
import type { ChainProfile } from './profile';
import { invalidParams } from './rpc-error';
import { decodeTokenState, NATIVE_MINT } from './token-state';
import type { TxStore } from './tx-store';

export type { Landed } from './execute';

export interface LedgerState {
  svm: LiteSVM;
  genesisHash: string;
  slot: number;
  store: TxStore;
  /** Seconds the chain's clock has been warped forward. */
  clockOffset: number;
}

/** LiteSVM plus what a node adds around it: slots, a blockhash window, preflight, history. */
export class Ledger {
  readonly svm: LiteSVM;
  readonly genesisHash: string;
  readonly store: TxStore;
  readonly clock: ChainClock;
  private readonly listeners = new Set<(landed: Landed) => void>();
  private clockSet = '';

  constructor(
    state: LedgerState,
    profile: ChainProfile,
    /** Draws for the profile's dropped transactions (injectable for tests). */
    private readonly random: () => number = Math.random,
  ) {
    this.svm = state.svm;
    this.genesisHash = state.genesisHash;
    this.store = state.store;
    this.clock = new ChainClock(state.genesisHash, state.slot, state.clockOffset, profile);
    this.svm.withBlockhashCheck(false);
    this.syncClock();
  }

  get slot(): number {
    return this.clock.slot;
  }

  /** A new slot begins; the Clock sysvar follows it, as a node's does. */
  tick(): void {
    this.clock.tick();
    this.syncClock();
  }

  /** Moves the chain's time forward; the Clock sysvar shows it at once. */
  warp(seconds: number): void {
    this.clock.warp(seconds);
    this.syncClock();
  }

  onTransaction(listener: (landed: Landed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  balance(address: string): bigint {
    return this.svm.getBalance(address as Address) ?? 0n;
  }

  /** A mint's decimals (the native mint's 9 even where its account is missing). */
  decimalsOf = (mint: string): number | null => {
    const found = this.svm.getAccount(mint as Address);
    const state = found.exists ? decodeTokenState(Buffer.from(found.data)) : null;
    if (state?.kind === 'mint') return state.decimals;
    return mint === NATIVE_MINT ? 9 : null;
  };

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
    if (!opts.replaceBlockhash && !this.clock.isBlockhashValid(tx.message.recentBlockhash)) {
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

  /**
   * sendTransaction: preflight unless skipped, then execute and record. Returns the signature.
   * Under a lossy profile a share of accepted transactions silently never lands (`mayDrop`).
   */
  send(wire: Uint8Array, opts: { skipPreflight: boolean; mayDrop?: boolean }): string {
    const tx = this.decode(wire);
    if (!opts.skipPreflight) {
      const sim = this.simulate(tx, { sigVerify: true, replaceBlockhash: false });
      if (sim.err === 'SignatureFailure') throw signatureFailure();
      if (sim.err !== null) throw preflightFailure(sim);
    } else if (
      !this.clock.isBlockhashValid(tx.message.recentBlockhash) ||
      this.store.get(tx.signature)
    ) {
      return tx.signature; // a real leader drops these silently
    }
    const dropRate = this.clock.profile.dropRate;
    if (opts.mayDrop !== false && dropRate > 0 && this.random() < dropRate) return tx.signature;
    this.execute(tx);
    return tx.signature;
  }

  private execute(tx: Decoded): void {
    this.syncClock();
    const at = { slot: this.slot, blockTime: this.clock.slotTime(), decimalsOf: this.decimalsOf };
    const landed = execute(this.svm, tx, at);
    if (!landed) return; // not executed, no fee charged: dropped, as a leader would
    this.store.add(landed.record);
    for (const listener of this.listeners) listener(landed);
  }

  /** The Clock sysvar follows the slot and the (warped) wall clock. */
  syncClock(): void {
    const now = BigInt(this.clock.slotTime());
    const key = `${this.slot}:${now}`;
    if (key === this.clockSet) return;
    this.clockSet = key;
    this.svm.setClock(new Clock(BigInt(this.slot), now, 0n, 0n, now));
  }
}
