import Koa from 'koa';
import { koaBody } from 'koa-body';
import os from 'node:os';
import type { Logger } from 'pino';
import type { UseCases } from '../../app/use-cases';
import { MAX_TRACKING_FILE_BYTES, MAX_TRACKING_FILES } from '../../domain/tracking';
import { errorHandler, requestLog } from './errors';
import { authRoutes } from './routes/auth';
import { spa, uploadFiles, type ResolvedUpload } from './routes/files';
import { metaRoutes, type DevWallet, type PublicChainInfo } from './routes/meta';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { userRoutes } from './routes/users';
import { sameOrigin, sessionReader } from './session';

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
}

/** Five images of at most 10 MB, base64 in JSON, plus the listing's text. */
const LISTING_JSON_LIMIT = '70mb';

/** Builds the Koa app; never listens, so tests drive it over real HTTP on a port they pick. */
export function createServer(opts: ServerOptions): Koa {
  const { app, logger } = opts;
  const koa = new Koa();
  const json = (limit: string) =>
    koaBody({ jsonLimit: limit, text: false, urlencoded: false, jsonStrict: true });

  koa.use(requestLog(logger));
  koa.use(errorHandler(logger));
  koa.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    await next();
  });
  koa.use(sessionReader(app));
  koa.use(uploadFiles(app, opts.resolveUpload));
  koa.use(sameOrigin(opts.trustedOrigins ?? []));

  const listingBody = json(LISTING_JSON_LIMIT);
  const trackingBody = koaBody({
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
  const smallJson = json('100kb');
  koa.use(async (ctx, next) => {
    const big = ctx.path === '/api/products' || /^\/api\/products\/[^/]+$/.test(ctx.path);
    if (big || /\/tracking$/.test(ctx.path) || !ctx.path.startsWith('/api/')) return next();
    return smallJson(ctx, next);
  });

  for (const router of [
    authRoutes(app),
    userRoutes(app),
    productRoutes(app, listingBody),
    orderRoutes(app, trackingBody),
    metaRoutes(app, opts.chain, opts.devWallets),
  ]) {
    koa.use(router.routes());
    koa.use(router.allowedMethods());
  }
  if (opts.webDir) koa.use(spa(opts.webDir));
  return koa;
}
