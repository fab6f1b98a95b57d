import type { Connection } from '@solana/web3.js';

export const CONFIRM_TIMEOUT_MS = 30_000;
export const POLL_INTERVAL_MS = 500;

export interface ConfirmOptions {
  lastValidBlockHeight: number;
  timeoutMs?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `signature` reaches the confirmed commitment by polling signature statuses over
 * HTTP (no WebSocket needed). Throws when the transaction failed, its blockhash expired, or
 * 30 s pass (spec section 9).
 */
export async function confirmSignature(
  connection: Connection,
  signature: string,
  options: ConfirmOptions,
): Promise<void> {
  const sleep = options.sleep ?? wait;
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const deadline = Date.now() + (options.timeoutMs ?? CONFIRM_TIMEOUT_MS);
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err)
      throw new Error(`the transaction failed on chain: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return;
    if (Date.now() > deadline) throw new Error('it was not confirmed within 30 seconds');
    const height = await connection.getBlockHeight('confirmed');
    if (height > options.lastValidBlockHeight)
      throw new Error('its blockhash expired before it was confirmed');
    await sleep(interval);
  }
}
