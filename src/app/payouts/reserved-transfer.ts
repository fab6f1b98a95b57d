import { conflict } from '../../domain/errors';
import { LANDING_GRACE_BLOCKS, mayStillLand } from '../../domain/block-window';
import type { Chain } from '../ports';

/** A transfer reserved before it was sent: the reference it carries and its blockhash's life. */
export interface Reserved {
  reference: string;
  lastValidBlockHeight: bigint;
}

/**
 * Before another transfer is recorded in place of a reserved one (sent by hand meanwhile, or
 * found by someone else): the reserved transfer must be unable ever to land, or the escrow
 * would pay twice and record once. Answers `'replaced'` when it failed, or its blockhash died
 * with no trace of it, so the reservation may be let go; `'same'` when `signature` is the
 * reserved transfer itself. Refuses (409) while the reserved one may still land, or once it has.
 */
export async function reservedGivesWay(
  deps: { chain: Chain; escrowWallet: string },
  reserved: Reserved,
  signature: string,
  /** "payout reserved for this order" */
  what: string,
): Promise<'same' | 'replaced'> {
  // The reserved transfer itself (the common case): it names the reference. Asked of the
  // transaction, not of the reference's history, which a node may index a moment later.
  if (await deps.chain.carriesReference(signature, reserved.reference)) return 'same';
  const found = await deps.chain.findReference(reserved.reference, deps.escrowWallet);
  if (found?.signature === signature) return 'same';
  if (found && !found.failed) {
    throw conflict(`The ${what} landed as ${found.signature}; record that one`);
  }
  if (found?.failed) return 'replaced';
  const height = await deps.chain.blockHeight();
  if (mayStillLand(reserved.lastValidBlockHeight, height)) {
    const until = reserved.lastValidBlockHeight + LANDING_GRACE_BLOCKS;
    throw conflict(
      `The ${what} may still land, or be found late, until block height ${until} ` +
        `(now ${height}, about ${minutesLeft(until - height)}); record this transfer once ` +
        'that height has passed, if the reserved one has not landed',
    );
  }
  // One look after its blockhash died: a late landing is the reserved one, not this.
  const late = await deps.chain.findReference(reserved.reference, deps.escrowWallet);
  if (late && !late.failed && late.signature !== signature) {
    throw conflict(`The ${what} landed as ${late.signature}; record that one`);
  }
  return late?.signature === signature ? 'same' : 'replaced';
}

/** Blocks come about every 400 ms. */
function minutesLeft(blocks: bigint): string {
  const minutes = Number((blocks * 400n + 59_999n) / 60_000n);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}
