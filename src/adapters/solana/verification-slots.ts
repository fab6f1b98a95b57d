import { TooManyRequestsError, UnavailableError } from '../../app/errors';

export interface SlotLimits {
  /** Payment checks one wallet may have under way at once. */
  perWallet: number;
  /** Payment checks under way at once in this process. */
  overall: number;
}

/**
 * Bounds the chain work that callers can start: a check beyond a wallet's share or beyond the
 * process's is refused at once (no queue: a queued request would hold its connection and
 * still reach the chain later).
 */
export class VerificationSlots {
  private readonly byWallet = new Map<string, number>();
  private running = 0;

  constructor(private readonly limits: SlotLimits) {}

  async run<T>(wallet: string, work: () => Promise<T>): Promise<T> {
    const mine = this.byWallet.get(wallet) ?? 0;
    if (mine >= this.limits.perWallet) {
      throw new TooManyRequestsError(
        'Another payment of this wallet is being checked on chain; try again in a moment',
        1,
      );
    }
    if (this.running >= this.limits.overall) {
      throw new UnavailableError(
        'server',
        'The marketplace is checking many payments right now; please try again in a moment',
        1,
      );
    }
    this.byWallet.set(wallet, mine + 1);
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      const left = (this.byWallet.get(wallet) ?? 1) - 1;
      if (left > 0) this.byWallet.set(wallet, left);
      else this.byWallet.delete(wallet);
    }
  }
}
