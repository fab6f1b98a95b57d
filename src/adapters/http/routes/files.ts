import type { Context, Next } from 'koa';
import send from 'koa-send';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { UseCases } from '../../../app/use-cases';

/** A name the upload store could have written: what it is, and its bytes when stored. */
export interface ResolvedUpload {
  mime: string;
  kind: 'image' | 'proof';
  open(): Promise<{ size: number; body: Readable } | null>;
}

const notFound = (ctx: Context) => {
  ctx.status = 404;
  ctx.body = { error: 'File not found' };
};

/**
 * GET /uploads/{file}: product images are public (and immutable: a stored name never changes
 * its bytes); proofs only for the order's parties and admins. Only names the upload store
 * itself made resolve, so nothing escapes it. The bytes are streamed from whichever store the
 * server uses (the folder, or PostgreSQL shared by every server process).
 */
export function uploadFiles(app: UseCases, resolve: (name: string) => ResolvedUpload | null) {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/uploads/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      return next();
    }
    const name = ctx.path.slice('/uploads/'.length);
    const file = resolve(name);
    if (!file) return notFound(ctx);
    if (file.kind === 'proof' && !(await app.orders.canReadProof(ctx.state.caller, name))) {
      ctx.status = ctx.state.caller ? 403 : 401;
      ctx.body = { error: 'Only the buyer, the seller and admins can see delivery proof' };
      return;
    }
    const opened = await file.open();
    if (!opened) return notFound(ctx);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set(
      'Cache-Control',
      file.kind === 'image' ? 'public, max-age=31536000, immutable' : 'private, no-store',
    );
    if (file.kind === 'proof') ctx.set('Content-Disposition', `inline; filename="${name}"`);
    ctx.body = opened.body;
    ctx.set('Content-Type', file.mime);
    ctx.length = opened.size;
    if (ctx.method === 'HEAD') opened.body.destroy();
  };
}

/** The built single-page app, with index.html for every route it owns. */
export function spa(webDir: string) {
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
    }
    const asset = ctx.path !== '/' && path.extname(ctx.path) !== '';
    try {
      if (asset) {
        ctx.set('X-Content-Type-Options', 'nosniff');
        if (ctx.path.startsWith('/assets/'))
          ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        await send(ctx, ctx.path, { root: webDir });
      } else {
        ctx.set('Cache-Control', 'no-cache');
        await send(ctx, 'index.html', { root: webDir });
      }
    } catch {
      return next();
    }
  };
}
