import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { listProducts } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderWithProduct, Product } from '@src/domain/entities';
import { CATEGORIES, CONDITIONS } from '@src/domain/product';
import { loadKeypair } from '@src/adapters/solana/keypair-file';
import { runCli, startMarket, type Market } from './support';

let market: Market;
beforeAll(async () => {
  market = await startMarket();
}, 180_000);
afterAll(() => market?.close());

const seed = () =>
  runCli([
    'seed',
    '--api',
    market.url,
    '--data-dir',
    market.dataDir,
    '--sellers',
    '2',
    '--buyers',
    '2',
    '--products',
    '12',
    '--orders',
    '3',
    '--images',
    '--json',
  ]);

async function catalogue(): Promise<Product[]> {
  const res = await fetch(`${market.url}/api/products?limit=200`);
  return z.decode(listProducts.answer, await res.json());
}

describe('seed', { timeout: 180_000 }, () => {
  it('lists a varied catalogue and pays real orders through the API', async () => {
    const result = await seed();
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.products).toMatchObject({ created: 12, existing: 0 });
    expect(report.products.perSecond).toBeGreaterThan(0);
    expect(report.orders).toMatchObject({
      created: 3,
      byStatus: { escrow_held: 1, tracking_uploaded: 1, completed: 1 },
      releaseSkipped: false,
    });

    const products = await catalogue();
    expect(products).toHaveLength(12);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(products.map((p) => p.condition))).toEqual(new Set(CONDITIONS));
    for (const p of products) expect(p.price).toMatch(/^\d+\.\d{2}$/);
    expect(new Set(products.map((p) => p.price)).size).toBeGreaterThan(6);
    expect(products.some((p) => p.location)).toBe(true);
    expect(products.some((p) => p.requiresAddress || p.requiresEmail || p.requiresName)).toBe(true);

    const image = products.map((p) => p.images[0]).find(Boolean);
    const png = await fetch(market.url + image);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // The first seller and buyer are the demo wallets the web app offers on the local chain.
    const wallets = await readdir(path.join(market.dataDir, 'seed-wallets'));
    expect(wallets.sort()).toEqual(['buyer-2.json', 'seller-2.json']);
    const demoSeller = await loadKeypair(path.join(market.dataDir, 'dev-wallets', 'seller.json'));
    const user = await fetch(
      `${market.url}/api/users/wallet/${demoSeller.publicKey.toBase58()}`,
    ).then((r) => r.json() as Promise<{ id: number }>);
    expect(products.filter((p) => p.sellerId === user.id)).toHaveLength(6);

    const listed = await runCli([
      'admin',
      'orders',
      '--status',
      'all',
      '--json',
      '--api',
      market.url,
      '--keypair',
      market.escrowKeypairPath,
    ]);
    const orders = JSON.parse(listed.stdout) as OrderWithProduct[];
    const completed = orders.find((o) => o.status === 'completed')!;
    expect(completed.releaseTransactionHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/);
    expect(orders.find((o) => o.status === 'tracking_uploaded')!.trackingNumber).toMatch(/^SEED/);
  });

  it('adds nothing when run again with the same counts', async () => {
    const result = await seed();
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.products).toMatchObject({ created: 0, existing: 12 });
    expect(report.orders).toMatchObject({ created: 0, existing: 3 });
    expect(await catalogue()).toHaveLength(12);
  });
});
