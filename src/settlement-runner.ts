import type { UseCases } from './app/use-cases';

export interface SettlementRunner {
  /** One round now (tests, and the first round at start). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Settles due payouts on time where the server holds the escrow key: a round every
 * `intervalMs` (default 20 s, so a payout is made within a minute of falling due). Several
 * server processes may each run it: every payout is reserved before it is sent (one open
 * attempt per order in the database), so none is made twice; the rounds only overlap in work.
 */
export function startSettlementRunner(
  settle: NonNullable<UseCases['payouts']['settle']>,
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void },
  intervalMs = 20_000,
): SettlementRunner {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    try {
      const report = await settle();
      const busy = report.paid.length + report.recovered.length + report.abandoned.length;
      if (busy || report.failed.length) logger.info({ ...report }, 'settlement round');
    } catch (error) {
      logger.warn({ err: error }, 'settlement round failed; the next one tries again');
    }
  };
  const tick = () => {
    if (stopped) return;
    running = running.then(round);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    runOnce: () => {
      tick();
      return running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
