import { contractRouter } from './router';

/** A named check of a dependency: resolves when it answers. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

const CHECK_TIMEOUT_MS = 2000;

async function check(run: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness apart, for an orchestrator: `live` answers while the process serves
 * HTTP (restart it when not); `ready` checks each dependency (take it out of rotation when
 * one is down, without restarting it). `/api/health` stays the database check it always was.
 */
export function healthRoutes(checks: ReadinessChecks) {
  const router = contractRouter({ prefix: '/api/health' });

  router.get('/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ok: true };
  });

  router.get('/ready', async (ctx) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => check(checks[name]!)));
    const state = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const down = names.filter((_, i) => results[i] === 'down');
    ctx.set('Cache-Control', 'no-store');
    if (down.length === 0) {
      ctx.body = { ok: true, checks: state };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { error: `Not ready: ${down.join(' and ')} not answering`, checks: state };
  });

  return router;
}
