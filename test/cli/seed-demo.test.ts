import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS, seedDemo } from '../../cli/seed/demo';
import { runSeed } from '../../cli/seed/run';
import { startMarket, type Market } from './support';

let market: Market;
beforeAll(async () => {
  market = await startMarket();
}, 180_000);
afterAll(() => market?.close());

const count = async (path_: string) =>
  ((await (await fetch(market.url + path_)).json()) as unknown[]).length;

describe('the demo seed of make start', { timeout: 180_000 }, () => {
  it('finishes, at the next start, a seeding that was cut short, and then leaves the data alone', async () => {
    // A first start stopped after 5 of the demo's products: the folder says seeding began.
    await runSeed({
      apiUrl: market.url,
      dataDir: market.dataDir,
      sellers: 3,
      buyers: 3,
      products: 5,
      orders: 0,
      imageEvery: 1,
    });
    await writeFile(path.join(market.dataDir, 'demo-seed'), 'started\n');
    await seedDemo(market.url, market.dataDir);
    expect(await count('/api/products?limit=200')).toBe(DEMO_PRODUCTS);
    expect(await readFile(path.join(market.dataDir, 'demo-seed'), 'utf8')).toBe('done\n');
    const before = await count('/api/products?limit=200');
    await seedDemo(market.url, market.dataDir);
    expect(await count('/api/products?limit=200')).toBe(before);
  });
});
