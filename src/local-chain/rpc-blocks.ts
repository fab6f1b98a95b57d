import { blockTimeOf, blockView, type BlockOptions } from './blocks';
import type { Ledger } from './ledger';
import { BLOCK_NOT_AVAILABLE, invalidParams, RpcError } from './rpc-error';
import { atLeastConfirmed, config, type Config, type Handler } from './rpc-params';
import { txEncoding } from './tx-encode';

const MAX_RANGE = 500_000;
const DETAILS = new Set(['full', 'signatures', 'none', 'accounts']);

function slotParam(value: unknown, name = 'slot'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${name} must be a slot number`);
  }
  return value;
}

/** Blocks: one per slot, each holding the transactions that landed in it. */
export function blockMethods(ledger: Ledger): Record<string, Handler> {
  const { clock } = ledger;
  const available = (slot: number, cfg: Config) => {
    if (slot > clock.slotAt(atLeastConfirmed(cfg))) {
      throw new RpcError(BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);
    }
  };
  const range = (start: number, end: number, cfg: Config) => {
    const last = Math.min(end, clock.slotAt(atLeastConfirmed(cfg)));
    if (end - start > MAX_RANGE) throw invalidParams(`Slot range too large; max ${MAX_RANGE}`);
    const out: number[] = [];
    for (let s = start; s <= last; s += 1) out.push(s);
    return out;
  };

  return {
    getBlock: (p) => {
      const slot = slotParam(p[0]);
      const cfg = typeof p[1] === 'string' ? { encoding: p[1] } : config(p, 1);
      const details = String(cfg.transactionDetails ?? 'full');
      if (!DETAILS.has(details)) throw invalidParams(`Invalid params: unknown variant ${details}`);
      available(slot, cfg);
      const opts: BlockOptions = {
        encoding: txEncoding(cfg.encoding),
        transactionDetails: details as BlockOptions['transactionDetails'],
        rewards: cfg.rewards !== false,
        maxSupportedTransactionVersion: cfg.maxSupportedTransactionVersion,
      };
      return blockView(ledger, slot, opts);
    },
    getBlockTime: (p) => {
      const slot = slotParam(p[0]);
      available(slot, { commitment: 'confirmed' }); // a node answers for confirmed blocks
      return blockTimeOf(ledger, slot);
    },
    getBlocks: (p) => {
      const start = slotParam(p[0], 'start slot');
      const hasEnd = typeof p[1] === 'number';
      const end = hasEnd ? slotParam(p[1], 'end slot') : start + MAX_RANGE;
      return range(start, end, config(p, hasEnd ? 2 : 1));
    },
    getBlocksWithLimit: (p) => {
      const start = slotParam(p[0], 'start slot');
      const limit = slotParam(p[1], 'limit');
      return range(start, start + limit - 1, config(p, 2));
    },
  };
}
