import type { Middleware } from 'koa';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';

/**
 * Conditional GETs on the API: every JSON answer carries an ETag of its bytes, and a client
 * that sends it back in If-None-Match gets 304 with no body when nothing changed (the catalogue
 * polled by a page, a dashboard reloaded). `private, no-cache`: a browser may keep an answer but
 * asks each time, and no shared cache keeps one (answers can depend on the session).
 */
export function conditionalApi(): Middleware {
  const fresh = conditional();
  const tag = etag();
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/api/')) return next();
    await fresh(ctx, () =>
      tag(ctx, async () => {
        await next();
        if (ctx.status === 200 && !ctx.response.get('Cache-Control')) {
          ctx.set('Cache-Control', 'private, no-cache');
        }
      }),
    );
  };
}
