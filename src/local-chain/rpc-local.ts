import type { ChainClock } from './chain-clock';
import { invalidParams } from './rpc-error';
import type { Handler } from './rpc-params';

/** Ten years: far enough for any demo, near enough that timestamps stay sane. */
const MAX_WARP_SECONDS = 10 * 365 * 24 * 3600;

export interface ChainTime {
  /** The chain's unix time (blockTime and the Clock sysvar follow it). */
  unixTimestamp: number;
  /** Seconds it has been moved forward in all. */
  offsetSeconds: number;
  slot: number;
}

export const chainTime = (clock: ChainClock): ChainTime => ({
  unixTimestamp: clock.now(),
  offsetSeconds: clock.offsetSeconds,
  slot: clock.slot,
});

/**
 * Methods only a local chain has (a real node answers -32601 Method not found), for demos and
 * tests: `localchain_warp [seconds]` moves the clock forward, `localchain_time` reads it.
 */
export function localMethods(
  clock: ChainClock,
  warp: (seconds: number) => void,
): Record<string, Handler> {
  return {
    localchain_time: () => chainTime(clock),
    localchain_warp: (p) => {
      const seconds = p[0];
      if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds <= 0) {
        throw invalidParams('Invalid params: seconds must be a whole number greater than 0');
      }
      if (clock.offsetSeconds + seconds > MAX_WARP_SECONDS) {
        throw invalidParams('Invalid params: the clock can move at most ten years ahead');
      }
      warp(seconds);
      return chainTime(clock);
    },
  };
}
