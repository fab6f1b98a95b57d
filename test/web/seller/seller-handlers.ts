import { delay, http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { readImageField } from '@src/contracts/image-field';
import { createProduct, deleteProduct, updateProduct } from '@src/contracts/products';
import { uploadTracking } from '@src/contracts/orders';
import type { Product } from '@src/domain/entities';
import { api } from '../handlers';
import { server } from '../setup';
import { reply } from '../wire';

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

/** Stores a listing's images the way the server does: each data URL becomes an /uploads URL. */
const stored = (imageUrl: string | null) =>
  (readImageField(imageUrl) ?? []).map((src, i) =>
    src.startsWith('data:') ? `/uploads/img-new-${i}.jpg` : src,
  );

/** The product a listing body saves (the body's fields, its images stored). */
/** As the server stores a listing body: images stored, a handling time of 3 days unless given. */
const saved = ({ imageUrl, ...fields }: Record<string, any>) => ({
  handlingDays: 3,
  ...fields,
  images: stored(imageUrl),
});

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
        const product = {
          ...saved(body),
          id: 700 + api.state.products.length,
          soldQuantity: 0,
          createdAt: '2025-04-01T10:00:00.000Z',
        } as Product;
        api.state.products.push(product);
        return reply(createProduct, product, { status: 201 });
      }),
      http.put('/api/products/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, any>;
        const id = Number(params.id);
        state.productBodies.push({ method: 'PUT', id, body });
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        const index = api.state.products.findIndex((p) => p.id === id);
        const updated = { ...api.state.products[index]!, ...saved(body) } as Product;
        api.state.products[index] = updated;
        return reply(updateProduct, updated);
      }),
      http.delete('/api/products/:id', async ({ params }) => {
        state.deletes.push(Number(params.id));
        await delay(state.delayMs);
        const fail = failure(state);
        if (fail) return fail;
        api.state.products = api.state.products.filter((p) => p.id !== Number(params.id));
        return reply(deleteProduct, { success: true });
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
          uploadedFiles: files.map((_, i) => `proof-${i}.pdf`),
        });
        return reply(uploadTracking, order);
      }),
    );
  });
  return state;
}
