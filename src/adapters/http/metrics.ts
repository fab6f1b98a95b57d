import type { Context, Next } from 'koa';
import { Histogram, type Registry } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { FORWARDED_HEADERS, isLoopback } from './client-address';
import { isLocalName, requestHost } from './known-hosts';

/** The route pattern a request matched (never the raw path, which would explode the labels). */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  if (ctx.path.startsWith('/assets/')) return '/assets/*';
  if (ctx.path.startsWith('/uploads/')) return '/uploads/*';
  if (ctx.path.startsWith('/api/')) return 'unmatched';
  return ctx.status === 200 ? 'spa' : 'unmatched';
}

/** Counts and times every request by method, route pattern and status. */
export function requestMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return async (ctx: Context, next: Next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: routeOf(ctx), status: String(ctx.status) });
    }
  };
}

const sameSecret = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN, only for
 * `Authorization: Bearer <token>`, whatever name the scraper uses; without, only for a client on
 * this machine that did not come through a proxy (a proxy on the same machine would otherwise
 * make everyone local) and that names this machine (localhost or an address): a page on another
 * domain re-pointed at 127.0.0.1 (DNS rebinding) runs in a browser here, but names its domain.
 */
const namesThisMachine = (host: string) => host === '' || isLocalName(host) || isIP(host) !== 0;

export function metricsEndpoint(registry: Registry, token: string | undefined) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const allowed = token
      ? sameSecret(ctx.get('Authorization'), `Bearer ${token}`)
      : isLoopback(ctx.req.socket.remoteAddress ?? '') &&
        !FORWARDED_HEADERS.some((h) => ctx.get(h)) &&
        namesThisMachine(requestHost(ctx));
    if (!allowed) {
      ctx.status = token ? 401 : 403;
      if (token) ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = {
        error: token
          ? 'Metrics need the bearer token (METRICS_TOKEN)'
          : 'Metrics are served to this machine only; set METRICS_TOKEN to read them remotely',
      };
      return;
    }
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
  };
}
