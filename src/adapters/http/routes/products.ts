import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { UseCases } from '../../../app/use-cases';
import { caller, idParam, jsonBody } from '../params';

function page(ctx: Context, result: { items: unknown[]; nextCursor: string | null }) {
  if (result.nextCursor) ctx.set('X-Next-Cursor', result.nextCursor);
  ctx.body = result.items;
}

export function productRoutes(app: UseCases, listingBody: Middleware) {
  const router = new Router({ prefix: '/api' });

  router.get('/products', async (ctx) => {
    const { sellerId, ...query } = ctx.query;
    if (sellerId !== undefined) {
      page(ctx, await app.products.bySeller(idParam(sellerId, 'sellerId'), query));
    } else {
      page(ctx, await app.products.marketplace(query));
    }
  });

  router.get('/products/:id', async (ctx) => {
    ctx.body = await app.products.get(idParam(ctx.params.id, 'product id'));
  });

  router.post('/products', listingBody, async (ctx) => {
    ctx.body = await app.products.create(caller(ctx), jsonBody(ctx));
    ctx.status = 201;
  });

  router.put('/products/:id', listingBody, async (ctx) => {
    const id = idParam(ctx.params.id, 'product id');
    ctx.body = await app.products.update(caller(ctx), id, jsonBody(ctx));
  });

  router.delete('/products/:id', async (ctx) => {
    ctx.body = await app.products.remove(caller(ctx), idParam(ctx.params.id, 'product id'));
  });

  router.get('/admin/products', async (ctx) => {
    page(ctx, await app.products.adminList(caller(ctx), ctx.query.walletAddress, ctx.query));
  });

  router.delete('/admin/products/:id', async (ctx) => {
    const id = idParam(ctx.params.id, 'product id');
    ctx.body = await app.products.adminDelete(caller(ctx), ctx.query.walletAddress, id);
  });

  return router;
}
