import type { ReadinessChecks } from './adapters/http/health';

/**
 * Says in the log when a dependency stops answering and when it answers again: the readiness
 * endpoint (`GET /api/health/ready`) tells a probe with the same `checks`, this tells the
 * operator reading the log, each check by its name in `names`. A check at start, then one every
 * `intervalMs` (15 s); one line per change, not per check.
 */
export function watchDependencies(
  checks: ReadinessChecks,
  names: Record<string, string>,
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void },
  intervalMs = 15_000,
): { round(): Promise<void>; stop(): void } {
  const down = new Set<string>();
  const round = async () => {
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const what = names[name] ?? name;
        try {
          await check();
          if (down.delete(name)) logger.info({ dependency: name }, `${what} answers again`);
        } catch (error) {
          if (down.has(name)) return;
          down.add(name);
          logger.warn(
            { dependency: name, err: error },
            `${what} is not answering: what needs it waits (GET /api/health/ready says 503)`,
          );
        }
      }),
    );
  };
  void round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return { round, stop: () => clearInterval(timer) };
}
