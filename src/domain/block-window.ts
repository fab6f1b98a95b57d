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
  // One already passed would let the reservation be given up while its transfer, signed on a
  // live blockhash, may still land (the height is the client's word).
  if (height < current) {
    return `lastValidBlockHeight ${height} has passed already (the chain is at block ${current}); sign on a fresh blockhash`;
  }
  if (height > current + BigInt(window)) {
    return `lastValidBlockHeight ${height} is more than ${window} blocks ahead of the chain (at block ${current})`;
  }
  return null;
}

/**
 * How many blocks past a reserved transfer's last valid block height it is still looked for
 * before it is given up (about a minute): a node, above all one behind a load balancer, may list
 * a transfer that landed some blocks late, and the height is the client's word, which may be
 * lower than its blockhash's (a blockhash lives 150 blocks, so 150 more covers any).
 */
export const LANDING_GRACE_BLOCKS = 150n;

/**
 * Whether a reserved transfer whose blockhash lasts until block `lastValid` may still land, or
 * be found late, with the chain at block `height`.
 */
export const mayStillLand = (lastValid: bigint, height: bigint): boolean =>
  height <= lastValid + LANDING_GRACE_BLOCKS;
