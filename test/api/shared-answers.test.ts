import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

// The marketplace list is kept in memory between changes (src/adapters/http/shared-answers.ts);
// these are the ways a kept answer could go stale.
let api: Api;
let seller: Client;
let buyer: Client;

beforeAll(async () => {
  api = await startApi({ events: true });
  [seller, buyer] = [api.client(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn()]);
});
afterAll(() => api.close());

const listed = async (query = '') => {
  const res = await buyer.get(`/api/products${query}`);
  expect(res.status).toBe(200);
  return res.body as { id: number; name: string; price: string; soldQuantity: number }[];
};
const find = async (id: number, query = '') => (await listed(query)).find((p) => p.id === id);

describe('the marketplace list, kept between changes', () => {
  it('shows a listing, its edit and its sale in the very next read', async () => {
    const made = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, quantity: 2 }),
    );
    expect(await find(made.body.id)).toMatchObject({ price: '1.50', soldQuantity: 0 });
    expect(await find(made.body.id)).toMatchObject({ price: '1.50' }); // served as kept

    await seller.put(`/api/products/${made.body.id}`, {
      ...listing({ sellerId: seller.user!.id, quantity: 2 }),
      price: '2.25',
    });
    expect(await find(made.body.id)).toMatchObject({ price: '2.25' });

    const chain = api.chain as MemoryChain;
    const signature = chain.pay(
      buyer.wallet,
      api.escrow.publicKey.toBase58(),
      solToLamports('2.25'),
    );
    const bought = await buyer.post(
      '/api/orders',
      orderBody(buyer.user!.id, { ...made.body, price: '2.25' }, signature),
    );
    expect(bought.status).toBe(201);
    expect(await find(made.body.id)).toMatchObject({ soldQuantity: 1 });
  });

  it('hears of a change another server process made, through the database', async () => {
    const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
    expect(await find(made.body.id)).toMatchObject({ name: 'Vintage camera' });
    // As another process would: straight into the database, nothing through this server.
    await api.db.knex('products').where({ id: made.body.id }).update({ name: 'Renamed camera' });
    await expect
      .poll(async () => (await find(made.body.id))?.name, { timeout: 1500, interval: 20 })
      .toBe('Renamed camera');
  });

  it('keeps each page with its own next cursor', async () => {
    for (let i = 0; i < 3; i += 1) {
      await seller.post('/api/products', listing({ sellerId: seller.user!.id, name: `Page ${i}` }));
    }
    const first = await buyer.get('/api/products?limit=2');
    const again = await buyer.get('/api/products?limit=2');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-next-cursor')).toBe(first.headers.get('x-next-cursor'));
    const cursor = first.headers.get('x-next-cursor')!;
    const second = await buyer.get(`/api/products?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.body.map((p: { id: number }) => p.id)).not.toEqual(
      first.body.map((p: { id: number }) => p.id),
    );
  });

  it('keeps no refusal: a bad query is answered anew, the same way', async () => {
    const bad = await buyer.get('/api/products?category=nope');
    expect(bad.status).toBe(400);
    expect((await buyer.get('/api/products?category=nope')).body).toEqual(bad.body);
  });
});
