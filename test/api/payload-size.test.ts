import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { listing, PNG_DATA_URL } from '../support/fixtures';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('the product list payload', () => {
  it('stays under 1 KB per product with 100 products of 5 images each', async () => {
    const seller = api.client();
    await seller.signIn();
    const images = JSON.stringify(Array(5).fill(PNG_DATA_URL));
    for (let i = 0; i < 100; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        seller.post(
          '/api/products',
          listing({ sellerId: seller.user!.id, name: `Camera ${i + j}`, imageUrl: images }),
        ),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
    }
    const res = await fetch(`${api.url}/api/products?limit=100`);
    const text = await res.text();
    const products = JSON.parse(text) as { imageUrl: string }[];
    expect(products).toHaveLength(100);
    expect(products.every((p) => JSON.parse(p.imageUrl).length === 5)).toBe(true);
    expect(Buffer.byteLength(text) / products.length).toBeLessThan(1024);
  });
});
