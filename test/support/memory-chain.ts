import type {
  Chain,
  IncomingTransfer,
  TransferCheck,
  TransferExpectation,
} from '../../src/app/ports';

interface Transfer {
  from: string;
  to: string;
  lamports: bigint;
  failed: boolean;
}

/**
 * An in-memory Chain for tests of the layers above the chain adapter: a test "pays" by
 * registering a transfer under a signature; verifyTransfer applies the port's rules to it.
 */
export class MemoryChain implements Chain {
  private transfers = new Map<string, Transfer>();
  private counter = 0;

  /** Registers a transfer and returns a fresh base58-looking 88-character signature. */
  pay(from: string, to: string, lamports: bigint, opts: { failed?: boolean } = {}): string {
    this.counter += 1;
    const signature = `${'5'.repeat(80)}${String(this.counter).padStart(8, 'A').replace(/0/g, 'z')}`;
    this.transfers.set(signature, { from, to, lamports, failed: opts.failed ?? false });
    return signature;
  }

  async verifyTransfer(expected: TransferExpectation): Promise<TransferCheck> {
    const t = this.transfers.get(expected.signature);
    if (!t) return { ok: false, reason: 'not_found', message: 'Transaction not found on chain' };
    if (t.failed)
      return { ok: false, reason: 'failed', message: 'The transaction failed on chain' };
    if (t.from !== expected.from || t.to !== expected.to || t.lamports !== expected.lamports) {
      return {
        ok: false,
        reason: 'no_matching_transfer',
        message: `No transfer of ${expected.lamports} lamports from ${expected.from} to ${expected.to} in this transaction`,
      };
    }
    return { ok: true };
  }

  async incomingTransfers(wallet: string): Promise<IncomingTransfer[]> {
    return [...this.transfers.entries()]
      .filter(([, t]) => t.to === wallet && !t.failed)
      .map(([signature, t]) => ({
        signature,
        from: t.from,
        lamports: t.lamports,
        blockTime: null,
      }));
  }

  async balance(wallet: string): Promise<bigint> {
    let total = 0n;
    for (const t of this.transfers.values()) {
      if (t.failed) continue;
      if (t.to === wallet) total += t.lamports;
      if (t.from === wallet) total -= t.lamports;
    }
    return total;
  }
}
