/**
 * How far ahead of the chain a reservation's `lastValidBlockHeight` may be. A blockhash lives
 * 150 blocks; a client's node may be a little behind the server's, so twice that. A multisig
 * decision stands about a day (its close is built when its party claims it).
 */
export const BLOCKHASH_BLOCKS = 300;

/** About a day of blocks at 400 ms: how long a multisig decision stands. */
export const DECISION_BLOCKS = 216_000;

/**
 * Why `height` cannot be a reservation's last valid block height with the chain at `current`
 * (null when it can): further ahead than `window` blocks, which would hold the payout "under
 * way" for as long. One that has passed holds nothing: the next reservation replaces it.
 */
export function blockWindowProblem(height: bigint, current: bigint, window: number): string | null {
  if (height > current + BigInt(window)) {
    return `lastValidBlockHeight ${height} is more than ${window} blocks ahead of the chain (at block ${current})`;
  }
  return null;
}
