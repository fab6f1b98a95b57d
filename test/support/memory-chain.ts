import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type {
  Chain,
  EscrowPayer,
  IncomingTransfer,
  PayoutPart,
  PreparedPayout,
  TransferCheck,
  TransferExpectation,
} from '@src/app/ports';

interface Transfer {
  from: string;
  to: string;
  lamports: bigint;
}

interface Landed {
  transfers: Transfer[];
  failed: boolean;
  reference?: string;
  /** Who signed it (default: the first transfer's payer). */
  signer?: string;
}

/**
 * An in-memory Chain for tests of the layers above the chain adapter: a test "pays" by
 * registering transfers under a signature; verifyTransfer applies the port's rules to them.
 * Block height is a number the test moves (`advanceBlocks`).
 */
export class MemoryChain implements Chain {
  private landed = new Map<string, Landed>();
  private counter = 0;
  height = 1000n;

  /** Registers a transfer and returns a fresh base58-looking 88-character signature. */
  pay(
    from: string,
    to: string,
    lamports: bigint,
    opts: { failed?: boolean; reference?: string; signer?: string } = {},
  ) {
    return this.payMany(from, [{ to, lamports }], opts);
  }

  /** One transaction paying every part (a split pays two). */
  payMany(
    from: string,
    parts: readonly PayoutPart[],
    opts: { failed?: boolean; reference?: string; signer?: string } = {},
  ) {
    const signature = this.nextSignature();
    this.landed.set(signature, {
      transfers: parts.map((p) => ({ from, to: p.to, lamports: p.lamports })),
      failed: opts.failed ?? false,
      reference: opts.reference,
      signer: opts.signer,
    });
    return signature;
  }

  nextSignature(): string {
    this.counter += 1;
    return `${'5'.repeat(80)}${String(this.counter).padStart(8, 'A').replace(/0/g, 'z')}`;
  }

  /** Registers a prepared transaction under a signature chosen beforehand (the payer's). */
  land(signature: string, entry: Landed) {
    this.landed.set(signature, entry);
  }

  advanceBlocks(n: bigint) {
    this.height += n;
  }

  async verifyTransfer(expected: TransferExpectation): Promise<TransferCheck> {
    const t = this.landed.get(expected.signature);
    if (!t) return { ok: false, reason: 'not_found', message: 'Transaction not found on chain' };
    if (t.failed)
      return { ok: false, reason: 'failed', message: 'The transaction failed on chain' };
    const match = t.transfers.some(
      (p) => p.from === expected.from && p.to === expected.to && p.lamports === expected.lamports,
    );
    if (!match) {
      return {
        ok: false,
        reason: 'no_matching_transfer',
        message: `No transfer of ${expected.lamports} lamports from ${expected.from} to ${expected.to} in this transaction`,
      };
    }
    return { ok: true };
  }

  async incomingTransfers(wallet: string): Promise<IncomingTransfer[]> {
    return [...this.landed.entries()].flatMap(([signature, t]) =>
      t.failed
        ? []
        : t.transfers
            .filter((p) => p.to === wallet)
            .map((p) => ({ signature, from: p.from, lamports: p.lamports, blockTime: null })),
    );
  }

  async transfersSince(wallet: string, until: string | null) {
    const mine = [...this.landed.entries()]
      .filter(([, t]) => t.transfers.some((p) => p.to === wallet || p.from === wallet))
      .reverse();
    const stop = until === null ? -1 : mine.findIndex(([signature]) => signature === until);
    const fresh = stop === -1 ? mine : mine.slice(0, stop);
    this.reads += fresh.length;
    const transfers = fresh.flatMap(([signature, t]) =>
      t.failed
        ? []
        : t.transfers
            .filter((p) => p.to === wallet && p.from !== wallet)
            .map((p) => ({ signature, from: p.from, lamports: p.lamports, blockTime: null })),
    );
    // Summed per transaction and recipient, as SolanaChain reads them.
    const outgoing = fresh.flatMap(([signature, t]) => {
      if (t.failed) return [];
      const sums = new Map<string, bigint>();
      for (const p of t.transfers) {
        if (p.from === wallet && p.to !== wallet)
          sums.set(p.to, (sums.get(p.to) ?? 0n) + p.lamports);
      }
      return [...sums].map(([to, lamports]) => ({ signature, to, lamports, blockTime: null }));
    });
    return { transfers, outgoing, newest: fresh[0]?.[0] ?? until };
  }

  /** Transactions read by transfersSince (each costs a getTransaction on a node). */
  reads = 0;

  async balance(wallet: string): Promise<bigint> {
    let total = 0n;
    for (const t of this.landed.values()) {
      if (t.failed) continue;
      for (const p of t.transfers) {
        if (p.to === wallet) total += p.lamports;
        if (p.from === wallet) total -= p.lamports;
      }
    }
    return total;
  }

  async signatureStatus(signature: string) {
    const t = this.landed.get(signature);
    if (!t) return null;
    return t.failed ? ('failed' as const) : ('confirmed' as const);
  }

  async carriesReference(signature: string, reference: string) {
    const t = this.landed.get(signature);
    return t !== undefined && !t.failed && t.reference === reference;
  }

  async findReference(reference: string, signer: string) {
    let failed: string | null = null;
    for (const [signature, t] of this.landed) {
      if (t.reference !== reference || (t.signer ?? t.transfers[0]?.from) !== signer) continue;
      if (!t.failed) return { signature, failed: false };
      failed ??= signature;
    }
    return failed ? { signature: failed, failed: true } : null;
  }

  async blockHeight() {
    return this.height;
  }

  newReference(): string {
    return bs58.encode(randomBytes(32));
  }
}

/**
 * The escrow key's payer on a MemoryChain: `send` lands the transaction unless told to drop it
 * (`drop`), so tests can crash a payout between its reservation and its landing.
 */
export class MemoryEscrowPayer implements EscrowPayer {
  drop = false;
  sent = 0;

  constructor(
    private readonly chain: MemoryChain,
    private readonly escrow: string,
  ) {}

  async prepare(parts: readonly PayoutPart[], reference: string): Promise<PreparedPayout> {
    const signature = this.chain.nextSignature();
    const lastValidBlockHeight = this.chain.height + 150n;
    let landed = false;
    return {
      signature,
      lastValidBlockHeight,
      send: async () => {
        this.sent += 1;
        if (this.drop || landed) return;
        landed = true;
        this.chain.land(signature, {
          transfers: parts.map((p) => ({ from: this.escrow, to: p.to, lamports: p.lamports })),
          failed: false,
          reference,
        });
      },
      // A dropped transaction is never seen: its sender waits until the blockhash dies.
      confirm: async () => (landed ? 'confirmed' : 'expired'),
    };
  }
}
