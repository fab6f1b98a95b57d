import { delay, http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import type { Product } from '../../../src/domain/entities';
import { api } from '../handlers';
import { server } from '../setup';

/** What the fake server saw of the seller's writes, and how it should answer them. */
export interface SellerApi {
  productBodies: { method: string; id: number | null; body: Record<string, any> }[];
  deletes: number[];
  tracking: {
    orderId: number;
    trackingNumber: string | null;
    files: { name: string; size: number }[];
  }[];
  /** The next write answers this error instead (then it is cleared). */
  failNext: { status: number; error: string } | null;
  /** Holds each write this long, so a test can see the in-flight state. */
  delayMs: number;
}

const caller = () => api.state.users.find((u) => u.walletAddress === api.state.sessionWallet);

function failure(state: SellerApi) {
  const fail = state.failNext;
  state.failNext = null;
  return fail ? HttpResponse.json({ error: fail.error }, { status: fail.status }) : null;
}

/** Stores data URLs the way the server does: each becomes an /uploads URL. */
const stored = (imageUrl: string | null) =>
  imageUrl === null
    ? null
    : JSON.stringify(
        (JSON.parse(imageUrl) as string[]).map((src, i) =>
          src.startsWith('data:') ? `/uploads/img-new-${i}.jpg` : src,
        ),
      );

/** Installs POST/PUT/DELETE /api/products and POST /api/orders/:id/tracking for each test. */
export function installSellerApi(): SellerApi {
  const state: SellerApi = {
    productBodies: [],
    deletes: [],
    tracking: [],
    failNext: null,
    delayMs: 0,
  };
  beforeEach(() => {
    Object.assign(state, {
      productBodies: [],
      deletes: [],
      tracking: [],
      failNext: null,
      delayMs: 0,
    });
    server.use(
      http.post('/api/products', async ({ request }) => {
        const body = (await request.json()) as Record<string, any>;
        state.productBodies.push({ method: 'POST', id: null, body });
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        if (!caller() || caller()!.id !== body.sellerId) {
          return HttpResponse.json({ error: 'sellerId must be your own user id' }, { status: 403 });
        }
        const product: Product = {
          ...(body as Product),
          id: 700 + api.state.products.length,
          imageUrl: stored(body.imageUrl),
          soldQuantity: 0,
          createdAt: '2025-04-01T10:00:00.000Z',
        };
        api.state.products.push(product);
        return HttpResponse.json(product, { status: 201 });
      }),
      http.put('/api/products/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, any>;
        const id = Number(params.id);
        state.productBodies.push({ method: 'PUT', id, body });
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        const index = api.state.products.findIndex((p) => p.id === id);
        const updated = { ...api.state.products[index]!, ...body, imageUrl: stored(body.imageUrl) };
        api.state.products[index] = updated as Product;
        return HttpResponse.json(updated);
      }),
      http.delete('/api/products/:id', async ({ params }) => {
        state.deletes.push(Number(params.id));
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        api.state.products = api.state.products.filter((p) => p.id !== Number(params.id));
        return HttpResponse.json({ success: true });
      }),
      http.post('/api/orders/:id/tracking', async ({ request, params }) => {
        const form = await request.formData();
        const files = form.getAll('files') as File[];
        const orderId = Number(params.id);
        const trackingNumber = (form.get('trackingNumber') as string | null) ?? null;
        state.tracking.push({
          orderId,
          trackingNumber,
          files: files.map((f) => ({ name: f.name, size: f.size })),
        });
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        const order = api.state.orders.find((o) => o.id === orderId)!;
        Object.assign(order, {
          status: 'tracking_uploaded',
          trackingNumber,
          uploadedFiles: files.length
            ? JSON.stringify(files.map((_, i) => `proof-${i}.pdf`))
            : null,
        });
        return HttpResponse.json(order);
      }),
    );
  });
  return state;
}
