import { contractRouter } from '../router';
import type { Context, Middleware } from 'koa';
import { readFile, rm } from 'node:fs/promises';
import type { UploadedFile } from '../../../app/orders/upload-tracking';
import type { UseCases } from '../../../app/use-cases';
import * as orders from '../../../contracts/orders';
import * as payments from '../../../contracts/payments';
import { mount, parse, Reply } from '../mount';
import type { FilesTo } from '../../../app/orders/admit-files';
import type { Caller } from '../../../app/context';

/** A large body's reader, behind the gate that asks `admit` (when given) first. */
export type FilesBody = (admit?: (ctx: Context) => Promise<void>) => Middleware;

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

export function orderRoutes(app: UseCases, filesBody: FilesBody) {
  const router = contractRouter();
  // The caller may send files to this order (the call's own rule) before they are read.
  const files = (to: FilesTo, call: { params: typeof orders.uploadTracking.params }) =>
    filesBody(async (ctx) => {
      // The call's own params, parsed as its handler will (a bad id: its 400, before the body).
      const { id } = parse(call.params, ctx.params);
      await app.orders.admitFiles((ctx.state.caller as Caller | null) ?? null, id, to);
    });
  mount(router, orders.createOrder, async ({ caller, body }) => {
    const result = await app.orders.purchase(caller, body);
    return new Reply(result.order, { status: result.created ? 201 : 200 });
  });
  mount(router, orders.buyerOrders, ({ caller, params }) => app.orders.byBuyer(caller, params.id));
  mount(router, orders.sellerOrders, ({ caller, params }) =>
    app.orders.bySeller(caller, params.id),
  );
  mount(
    router,
    orders.uploadTracking,
    async ({ caller, params, body, ctx }) =>
      app.orders.uploadTracking(caller, params.id, {
        trackingNumber: body.trackingNumber,
        files: await takeFiles(ctx),
      }),
    files('tracking', orders.uploadTracking),
  );
  mount(router, orders.adminOrders, ({ caller, query }) =>
    app.orders.adminList(caller, query.walletAddress, query.status),
  );
  mount(router, orders.adminOrder, ({ caller, params, query }) =>
    app.orders.adminGet(caller, query.walletAddress, params.id),
  );
  mount(router, orders.releaseFunds, ({ caller, params, query, body }) =>
    app.payouts.release(caller, query.walletAddress, params.id, body.releaseTransactionHash),
  );
  mount(router, orders.refundOrder, ({ caller, params, query, body }) =>
    app.payouts.refund(caller, query.walletAddress, params.id, body.refundTransactionHash),
  );
  mount(router, orders.confirmReceipt, ({ caller, params }) =>
    app.orders.confirmReceipt(caller, params.id),
  );
  mount(router, orders.cancelOrder, ({ caller, params }) => app.orders.cancel(caller, params.id));
  mount(router, orders.escrowOutcome, ({ caller, params }) =>
    app.orders.escrowOutcome(caller, params.id),
  );
  mount(router, orders.claimEscrowOutcome, ({ caller, params, body }) =>
    app.orders.claimEscrowOutcome(caller, params.id, body.signature),
  );
  mount(
    router,
    orders.openDispute,
    async ({ caller, params, body, ctx }) =>
      app.orders.dispute(caller, params.id, {
        reason: body.reason,
        body: body.message,
        files: await takeFiles(ctx),
      }),
    files('dispute', orders.openDispute),
  );
  mount(router, orders.orderThread, ({ caller, params }) => app.orders.thread(caller, params.id));
  mount(
    router,
    orders.postMessage,
    async ({ caller, params, body, ctx }) =>
      app.orders.postMessage(caller, params.id, { body: body.body, files: await takeFiles(ctx) }),
    files('message', orders.postMessage),
  );
  mount(router, payments.reconcile, ({ caller, query }) =>
    app.payouts.reconcile(caller, query.walletAddress, { full: query.full }),
  );
  mount(router, payments.listPayments, ({ caller, query }) =>
    app.payouts.payments(caller, query.walletAddress, query.status),
  );
  mount(router, payments.refundPayment, ({ caller, params, query, body }) =>
    app.payouts.refundPayment(
      caller,
      query.walletAddress,
      params.signature,
      body.refundTransactionHash,
    ),
  );
  mount(router, payments.reservePaymentRefund, ({ caller, params, query, body }) =>
    app.payouts.reservePaymentRefund(
      caller,
      query.walletAddress,
      params.signature,
      body.lastValidBlockHeight,
    ),
  );
  mount(router, payments.myPayments, ({ caller }) => app.payouts.myPayments(caller));
  mount(router, payments.escrowRefund, ({ caller, params }) =>
    app.payouts.escrowRefund(caller, params.signature),
  );
  mount(router, payments.claimEscrowRefund, ({ caller, params, body }) =>
    app.payouts.claimEscrowRefund(caller, params.signature, body.signature),
  );
  return router;
}
