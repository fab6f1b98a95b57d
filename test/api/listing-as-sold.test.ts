import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody, PNG_DATA_URL } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

// What a buyer paid for is kept with the order: the seller's later edits change the listing,
// not the order's record of it, and not the photos it was sold with (a dispute is judged on it).
let api: Api;
let seller: Client;
let buyer: Client;
let stranger: Client;

beforeAll(async () => {
  api = await startApi();
  [seller, buyer, stranger] = [api.client(), api.client(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn(), stranger.signIn()]);
});
afterAll(() => api.close());

/** A stored file's answer, read to the end. */
async function statusOf(path: string) {
  const res = await fetch(api.url + path);
  await res.arrayBuffer();
  return res.status;
}

async function bought(images: string[]) {
  const made = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, quantity: 3, imageUrl: JSON.stringify(images) }),
  );
  expect(made.status).toBe(201);
  const product = made.body as { id: number; price: string; sellerId: number; imageUrl: string };
  const signature = (api.chain as MemoryChain).pay(
    buyer.wallet,
    api.escrow.publicKey.toBase58(),
    solToLamports(product.price),
  );
  const order = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, signature));
  expect(order.status).toBe(201);
  return { product, orderId: order.body.id as number };
}

describe('the listing as an order bought it', () => {
  it('stays as it was when the seller edits the listing, photos included', async () => {
    const { product, orderId } = await bought([PNG_DATA_URL, PNG_DATA_URL]);
    const [first, second] = JSON.parse(product.imageUrl) as string[];
    const edited = await seller.put(
      `/api/products/${product.id}`,
      listing({
        sellerId: seller.user!.id,
        quantity: 3,
        name: 'A different camera',
        description: 'Not what was sold',
        condition: 'poor',
        imageUrl: JSON.stringify([PNG_DATA_URL]),
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('A different camera');

    const thread = await buyer.get(`/api/orders/${orderId}/thread`);
    expect(thread.status).toBe(200);
    expect(thread.body.listingAsSold).toEqual({
      name: 'Vintage camera',
      description: listing({}).description,
      condition: listing({}).condition,
      images: [first, second],
    });
    // The photos it was sold with are kept, though the listing no longer shows them.
    expect(await statusOf(first)).toBe(200);
    expect(await statusOf(second)).toBe(200);
    expect((await seller.get(`/api/orders/${orderId}/thread`)).body.listingAsSold.name).toBe(
      'Vintage camera',
    );
    expect((await stranger.get(`/api/orders/${orderId}/thread`)).status).toBe(403);
  });

  it('removes a dropped photo no order was sold with', async () => {
    const { product } = await bought([PNG_DATA_URL]);
    const [sold] = JSON.parse(product.imageUrl) as string[];
    const added = await seller.put(
      `/api/products/${product.id}`,
      listing({
        sellerId: seller.user!.id,
        quantity: 3,
        imageUrl: JSON.stringify([sold, PNG_DATA_URL]),
      }),
    );
    const [, unsold] = JSON.parse(added.body.imageUrl) as string[];
    const dropped = await seller.put(
      `/api/products/${product.id}`,
      listing({ sellerId: seller.user!.id, quantity: 3, imageUrl: JSON.stringify([]) }),
    );
    expect(dropped.status).toBe(200);
    expect(await statusOf(unsold)).toBe(404);
    expect(await statusOf(sold)).toBe(200);
  });
});
