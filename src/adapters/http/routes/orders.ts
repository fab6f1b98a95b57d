import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { readFile, rm } from 'node:fs/promises';
import type { UploadedFile } from '../../../app/orders';
import type { UseCases } from '../../../app/use-cases';
import { validation } from '../../../domain/errors';
import { caller, idParam, jsonBody } from '../params';

interface FormidableFile {
  filepath: string;
  originalFilename?: string | null;
}

/** Reads the multipart `files` into memory and removes formidable's temp files. */
async function takeFiles(ctx: Context): Promise<UploadedFile[]> {
  const raw = (ctx.request.files ?? {}) as Record<string, FormidableFile | FormidableFile[]>;
  const all = Object.values(raw).flat();
  try {
    return await Promise.all(
      all.map(async (file) => ({
        bytes: await readFile(file.filepath),
        name: (file.originalFilename ?? 'file').slice(0, 255),
      })),
    );
  } finally {
    await Promise.all(all.map((file) => rm(file.filepath, { force: true })));
  }
}

export function orderRoutes(app: UseCases, trackingBody: Middleware) {
  const router = new Router({ prefix: '/api' });

  router.post('/orders', async (ctx) => {
    const result = await app.purchase(caller(ctx), jsonBody(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.order;
  });

  router.get('/orders/buyer/:id', async (ctx) => {
    ctx.body = await app.orders.byBuyer(caller(ctx), idParam(ctx.params.id, 'user id'));
  });

  router.get('/orders/seller/:id', async (ctx) => {
    ctx.body = await app.orders.bySeller(caller(ctx), idParam(ctx.params.id, 'user id'));
  });

  router.post('/orders/:id/tracking', trackingBody, async (ctx) => {
    const id = idParam(ctx.params.id, 'order id');
    const files = await takeFiles(ctx);
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (Array.isArray(fields.trackingNumber)) throw validation('Send one tracking number');
    ctx.body = await app.orders.uploadTracking(caller(ctx), id, {
      trackingNumber: fields.trackingNumber,
      files,
    });
  });

  router.get('/admin/escrow-orders', async (ctx) => {
    ctx.body = await app.orders.adminList(caller(ctx), ctx.query.walletAddress, ctx.query.status);
  });

  router.get('/admin/orders/:id', async (ctx) => {
    const id = idParam(ctx.params.id, 'order id');
    ctx.body = await app.orders.adminGet(caller(ctx), ctx.query.walletAddress, id);
  });

  router.post('/admin/release-funds/:id', async (ctx) => {
    const id = idParam(ctx.params.id, 'order id');
    ctx.body = await app.orders.release(caller(ctx), ctx.query.walletAddress, id, jsonBody(ctx));
  });

  router.post('/admin/refund/:id', async (ctx) => {
    const id = idParam(ctx.params.id, 'order id');
    ctx.body = await app.orders.refund(caller(ctx), ctx.query.walletAddress, id, jsonBody(ctx));
  });

  router.get('/admin/reconcile', async (ctx) => {
    ctx.body = await app.reconcile(caller(ctx), ctx.query.walletAddress);
  });

  router.get('/admin/payments', async (ctx) => {
    ctx.body = await app.payments.list(caller(ctx), ctx.query.walletAddress, ctx.query.status);
  });

  router.post('/admin/payments/:signature/refund', async (ctx) => {
    const { walletAddress } = ctx.query;
    const body = jsonBody(ctx);
    ctx.body = await app.payments.refund(caller(ctx), walletAddress, ctx.params.signature!, body);
  });

  return router;
}
