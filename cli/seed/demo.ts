import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config as serverConfig } from '@src/contracts/meta';
import { listProducts } from '@src/contracts/products';
import { ApiClient } from '../lib/api-client';
import { runSeed } from './run';

/** How many products the demo catalogue lists (the first of the seed's catalogue). */
export const DEMO_PRODUCTS = 24;

/** Where a data folder notes that its demo seeding began, and whether it finished. */
const markerOf = (dataDir: string) => path.join(dataDir, 'demo-seed');

/** Orders of the demo, paid into escrow by its buyers (wallet mode only). */
export const DEMO_ORDERS = 8;

/**
 * A small demo catalogue on an empty marketplace (make start, local chain; SEED=0 skips it).
 * Seeding that was cut short (the server stopped meanwhile) is finished at the next start: the
 * seed fills up to its counts, so what is there already is kept. In multisig mode the demo lists
 * its products and places no order: the seed pays into the escrow wallet, which buys nothing
 * there.
 */
export async function seedDemo(apiUrl: string, dataDir: string): Promise<void> {
  const marker = await readFile(markerOf(dataDir), 'utf8').catch(() => null);
  if (marker?.trim() === 'done') return;
  const api = new ApiClient(apiUrl);
  if (marker === null) {
    const first = await api.send(listProducts, { query: { limit: 1 } });
    if (first.length > 0) return;
  }
  const multisig = (await api.send(serverConfig)).escrowMode === 'multisig';
  await writeFile(markerOf(dataDir), 'started\n');
  const tty = process.stdout.isTTY;
  const report = await runSeed({
    apiUrl,
    dataDir,
    sellers: 3,
    buyers: 3,
    products: DEMO_PRODUCTS,
    orders: multisig ? 0 : DEMO_ORDERS,
    imageEvery: 1,
    progress: (done, total) => {
      if (tty) process.stdout.write(`\r  Seeding demo data ${done}/${total}`);
      else if (done === total || done % 10 === 0)
        process.stdout.write(`  Seeding demo data ${done}/${total}\n`);
    },
  });
  if (tty) process.stdout.write('\n');
  await writeFile(markerOf(dataDir), 'done\n');
  const orders = multisig
    ? 'no orders (multisig mode: buy in the web app)'
    : `${report.orders.created} orders`;
  process.stdout.write(
    `  Seeded ${report.products.created} products and ${orders} in ${report.seconds.toFixed(1)} s\n\n`,
  );
}
