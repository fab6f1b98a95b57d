import type { Context, Next } from 'koa';
import compress from 'koa-compress';

/**
 * Brotli or gzip for text answers over 1 kB (the SPA's scripts and styles, JSON). Stored files
 * are left alone: images are compressed already and delivery proofs are private.
 */
export function compression() {
  const compressing = compress({ threshold: 1024, deflate: false });
  return (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/uploads/')) return next();
    return compressing(ctx, next);
  };
}
