import { PublicKey } from '@solana/web3.js';
import type { ChainClock, Commitment } from './chain-clock';
import { invalidParams, MIN_CONTEXT_SLOT_NOT_REACHED, RpcError } from './rpc-error';

export const API_VERSION = '2.2.0';

export type Params = unknown[];
export type Config = Record<string, unknown>;
export type Handler = (params: Params) => unknown;

export const config = (params: Params, at: number): Config => {
  const value = params[at] ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams('Invalid params: the configuration must be an object');
  }
  return value as Config;
};

export function address(value: unknown): string {
  try {
    if (typeof value !== 'string') throw new Error();
    return new PublicKey(value).toBase58();
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
}

export function u64(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid param: ${name} must be a non-negative integer`);
  }
  return BigInt(value);
}

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);

export function commitment(cfg: Config): Commitment | undefined {
  if (cfg.commitment === undefined) return undefined;
  if (!COMMITMENTS.has(String(cfg.commitment))) {
    throw invalidParams(
      `Invalid params: unknown variant \`${String(cfg.commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``,
    );
  }
  return cfg.commitment as Commitment;
}

/** Methods that read history: a node refuses `processed` for them. */
export function atLeastConfirmed(cfg: Config): Commitment {
  const level = commitment(cfg);
  if (level === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`');
  }
  return level ?? 'finalized';
}

/** `{ context, value }` answers, the context slot taken at the request's commitment. */
export const contextual =
  (clock: ChainClock) =>
  (value: unknown, cfg: Config = {}) => ({
    context: { apiVersion: API_VERSION, slot: clock.slotAt(commitment(cfg)) },
    value,
  });

/** -32016, as a node answers a read whose `minContextSlot` it has not reached yet. */
export function checkMinContextSlot(clock: ChainClock, cfg: Config): void {
  if (cfg.minContextSlot === undefined || cfg.minContextSlot === null) return;
  const wanted = Number(cfg.minContextSlot);
  if (!Number.isSafeInteger(wanted) || wanted < 0) {
    throw invalidParams('Invalid params: minContextSlot must be a slot number');
  }
  const contextSlot = clock.slotAt(commitment(cfg));
  if (contextSlot < wanted) {
    throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
      contextSlot,
    });
  }
}
