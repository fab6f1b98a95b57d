import Koa, { type Middleware } from 'koa';
import { rm } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { EventFeed } from '../../app/ports';
import type { UseCases } from '../../app/use-cases';
import { MAX_TRACKING_FILE_BYTES, MAX_TRACKING_FILES } from '../../domain/tracking';
import { compression } from './compression';
import { conditionalApi } from './conditional';
import { sharedAnswers } from './shared-answers';
import { errorHandler, requestLog } from './errors';
import { healthRoutes, type ReadinessChecks } from './health';
import { metricsEndpoint, requestMetrics } from './metrics';
import { rateLimits, uploadBudget, type MakeLimiter, type RateLimitSettings } from './rate-limits';
import { authRoutes } from './routes/auth';
import { spa, uploadFiles, type ResolvedUpload } from './routes/files';
import type { DevWallet } from '../../contracts/meta';
import { metaRoutes, type PublicChainInfo } from './routes/meta';
import { orderRoutes } from './routes/orders';
import { payoutRoutes } from './routes/payouts';
import { reviewRoutes } from './routes/reviews';
import { eventStream } from './event-stream';
import { eventIds } from './event-ids';
import { uploadGate, UPLOADS_AT_ONCE } from './upload-gate';
import { productRoutes } from './routes/products';
import { userRoutes } from './routes/users';
import { securityHeaders } from './security-headers';
import { knownHosts } from './known-hosts';
import { publicSite, sameOrigin, sessionReader } from './session';

export interface ServerOptions {
  app: UseCases;
  logger: Logger;
  chain: PublicChainInfo;
  resolveUpload: (name: string) => ResolvedUpload | null;
  devWallets?: () => Promise<DevWallet[]>;
  /** The built SPA (dist/web); omitted in API-only tests. */
  webDir?: string;
  /** Other origins allowed to write (e.g. the Vite dev server). */
  trustedOrigins?: string[];
  /** PUBLIC_URL: the origin people use (behind a proxy, the proxy's https origin). */
  publicUrl?: string;
  /** ALLOWED_HOSTS: other names it answers for besides PUBLIC_URL's, localhost and IPs. */
  allowedHosts?: string[];
  /** How many proxies in front are trusted for X-Forwarded-*; 0 (default) trusts none. */
  trustProxy?: number;
  /** Abuse limits; omitted in API tests that are not about them. */
  rateLimits?: { settings: RateLimitSettings; make: MakeLimiter };
  /** The operator's metrics (GET /metrics) and who may read them. */
  metrics?: { registry: Registry; token?: string };
  /** Dependencies GET /api/health/ready checks (default: none). */
  readiness?: ReadinessChecks;
  /** Live updates (GET /api/events): where this process hears of new events. */
  events?: EventFeed;
  /** How often a signed-in event stream's session is checked again (default 30 s). */
  eventRecheckMs?: number;
  /** Large bodies (photos, files) one address may send at once (default 4 with rate limits). */
  uploadsAtOnce?: number;
  /** Event streams one client address may hold open at once; unset: no cap. */
  eventStreamsPerAddress?: number;
  /** What an event stream may hold unread before its client is dropped (default 256 KiB). */
  eventMaxUnreadBytes?: number;
  /** EVENT_ID_KEY: the secret the event ids shown to clients are encrypted with (shared by every server). */
  eventIdKey?: string;
}

/** Five images of at most 10 MB, base64 in JSON, plus the listing's text. */
const LISTING_JSON_LIMIT = '70mb';

/** Builds the Koa app; never listens, so tests drive it over real HTTP on a port they pick. */
export function createServer(opts: ServerOptions): Koa {
  const { app, logger } = opts;
  const koa = new Koa();
  koa.proxy = (opts.trustProxy ?? 0) > 0;
  koa.maxIpsCount = opts.trustProxy ?? 0;
  const json = (limit: string) =>
    koaBody({ jsonLimit: limit, text: false, urlencoded: false, jsonStrict: true });

  koa.use(requestLog(logger));
  if (opts.metrics) koa.use(requestMetrics(opts.metrics.registry));
  koa.use(errorHandler(logger));
  koa.use(knownHosts({ publicUrl: opts.publicUrl, allowedHosts: opts.allowedHosts }));
  koa.use(publicSite(opts.publicUrl, opts.allowedHosts));
  koa.use(securityHeaders(opts.chain.rpcUrl));
  koa.use(compression());
  koa.use(conditionalApi());
  if (opts.metrics) koa.use(metricsEndpoint(opts.metrics.registry, opts.metrics.token));
  const health = healthRoutes(opts.readiness ?? {});
  koa.use(health.routes());
  // Before the session is read: the answers it keeps are the same whoever asks.
  if (opts.events) koa.use(sharedAnswers(opts.events));
  koa.use(sessionReader(app));
  koa.use(uploadFiles(app, opts.resolveUpload));
  koa.use(sameOrigin(opts.trustedOrigins ?? []));
  if (opts.events) {
    const stream = eventStream(app, opts.events, logger, {
      recheckMs: opts.eventRecheckMs,
      perAddress: opts.eventStreamsPerAddress,
      maxUnreadBytes: opts.eventMaxUnreadBytes,
      ids: eventIds(opts.eventIdKey),
    });
    koa.use(stream.middleware);
  }

  // With abuse limits on, at most a few large bodies at once from one client address.
  const gate = uploadGate(
    opts.rateLimits ? (opts.uploadsAtOnce ?? UPLOADS_AT_ONCE) : opts.uploadsAtOnce,
    opts.rateLimits && uploadBudget(opts.rateLimits.settings, opts.rateLimits.make),
  );
  const listingBody = json(LISTING_JSON_LIMIT);
  const trackingForm = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir: os.tmpdir(),
      maxFiles: MAX_TRACKING_FILES,
      maxFileSize: MAX_TRACKING_FILE_BYTES,
      maxTotalFileSize: MAX_TRACKING_FILES * MAX_TRACKING_FILE_BYTES,
      maxFields: 20,
      allowEmptyFiles: false,
      minFileSize: 1,
    },
  });
  // Formidable's temp files go whatever happens to the request (a refused one included).
  const trackingBody: Middleware = async (ctx, next) => {
    try {
      await trackingForm(ctx, next);
    } finally {
      const files = Object.values(ctx.request.files ?? {}).flat() as { filepath?: string }[];
      await Promise.all(files.map((f) => f.filepath && rm(f.filepath, { force: true })));
    }
  };
  const smallJson = json('100kb');
  koa.use(async (ctx, next) => {
    const big = ctx.path === '/api/products' || /^\/api\/products\/[^/]+$/.test(ctx.path);
    const form = /^\/api\/orders\/[^/]+\/(tracking|dispute|messages)$/.test(ctx.path);
    if (big || form || !ctx.path.startsWith('/api/')) return next();
    return smallJson(ctx, next);
  });
  if (opts.rateLimits) koa.use(rateLimits(opts.rateLimits.settings, opts.rateLimits.make));

  for (const router of [
    authRoutes(app),
    userRoutes(app),
    productRoutes(app, (admit) => gate(listingBody, admit)),
    orderRoutes(app, (admit) => gate(trackingBody, admit)),
    metaRoutes(app, opts.chain, opts.devWallets),
    payoutRoutes(app),
    reviewRoutes(app),
  ]) {
    koa.use(router.routes());
    koa.use(router.allowedMethods());
  }
  if (opts.webDir) koa.use(spa(opts.webDir));
  return koa;
}
