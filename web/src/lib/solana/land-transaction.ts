import type { Connection } from '@solana/web3.js';

/**
 * What the person waits for, shown beside the buy button: the network has not confirmed yet,
 * the same signed transaction is being sent again, or it expired and the wallet asks again.
 */
export type LandingStep = 'waiting' | 'resending' | 'expired';

export const LANDING_TEXT: Record<LandingStep, string> = {
  waiting: 'Waiting for the network to confirm your payment…',
  resending: 'The network has not taken it yet: re-sending the same signed payment…',
  expired:
    'Your payment expired before the network took it; nothing was paid. Sign again in your wallet.',
};

/** One signed attempt: its signature, its bytes (null when the wallet sent it itself), its expiry. */
export interface Attempt {
  signature: string;
  wire: Uint8Array | null;
  lastValidBlockHeight: number;
}

export interface LandOptions {
  onStep?: (step: LandingStep) => void;
  /** Wallet signings in all, the first included: a re-sign needs a fresh blockhash (default 3). */
  signings?: number;
  /** How long a transaction the network has seen may take to reach confirmed (spec: 30 s). */
  timeoutMs?: number;
  intervalMs?: number;
  /** An unseen transaction is sent again (the same bytes) this often while its blockhash lives. */
  resendMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Spec section 9: a confirmation may take 30 s; statuses are polled over HTTP (no WebSocket). */
export const CONFIRM_TIMEOUT_MS = 30_000;
export const POLL_INTERVAL_MS = 500;
export const RESEND_MS = 2_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Lands a transfer on a network that drops and expires transactions, never paying twice:
 * - while its blockhash lives, the same signed bytes are re-sent (a transaction lands once,
 *   however often it is sent);
 * - a new signing (new blockhash) is asked only once the previous attempt cannot land: the
 *   block height, read first, is past its lastValidBlockHeight, and then its signature is
 *   still unknown to the node.
 * `sign` builds, signs and sends one attempt on a fresh blockhash. Returns the landed signature.
 */
export async function landTransaction(
  connection: Connection,
  sign: () => Promise<Attempt>,
  options: LandOptions = {},
): Promise<string> {
  const signings = options.signings ?? 3;
  for (let round = 1; ; round += 1) {
    const attempt = await sign();
    options.onStep?.('waiting');
    if ((await watch(connection, attempt, options)) === 'confirmed') return attempt.signature;
    if (round >= signings) throw new Error('its blockhash expired before it was confirmed');
    options.onStep?.('expired');
  }
}

async function watch(
  connection: Connection,
  attempt: Attempt,
  options: LandOptions,
): Promise<'confirmed' | 'expired'> {
  const sleep = options.sleep ?? wait;
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const resendEvery = options.resendMs ?? RESEND_MS;
  const timeout = options.timeoutMs ?? CONFIRM_TIMEOUT_MS;
  let seenAt: number | null = null;
  let sentAt = Date.now();
  for (;;) {
    // The height first: if it is past the expiry now, a status read after it that is still
    // empty means the transaction can never land.
    const height = await connection.getBlockHeight('confirmed');
    const { value } = await connection.getSignatureStatuses([attempt.signature], {
      searchTransactionHistory: true,
    });
    const status = value[0];
    if (status?.err)
      throw new Error(`the transaction failed on chain: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return 'confirmed';
    if (status) {
      seenAt ??= Date.now();
      if (Date.now() - seenAt > timeout) throw new Error('it was not confirmed within 30 seconds');
    } else if (height > attempt.lastValidBlockHeight) {
      return 'expired';
    } else if (attempt.wire && Date.now() - sentAt >= resendEvery) {
      options.onStep?.('resending');
      sentAt = Date.now();
      try {
        await connection.sendRawTransaction(attempt.wire, { skipPreflight: true, maxRetries: 0 });
      } catch (error) {
        // The next poll tells what happened; a refused re-send changes nothing.
        console.error('re-send refused:', error);
      }
    }
    await sleep(interval);
  }
}
