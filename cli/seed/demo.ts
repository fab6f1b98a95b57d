import { listProducts } from '@src/contracts/products';
import { ApiClient } from '../lib/api-client';
import { runSeed } from './run';

/** How many products the demo catalogue lists (the first of the seed's catalogue). */
export const DEMO_PRODUCTS = 24;

/** A small demo catalogue on an empty marketplace (make start, local chain; SEED=0 skips it). */
export async function seedDemo(apiUrl: string, dataDir: string): Promise<void> {
  const first = await new ApiClient(apiUrl).send(listProducts, { query: { limit: 1 } });
  if (first.length > 0) return;
  const tty = process.stdout.isTTY;
  const report = await runSeed({
    apiUrl,
    dataDir,
    sellers: 3,
    buyers: 3,
    products: DEMO_PRODUCTS,
    orders: 8,
    imageEvery: 1,
    progress: (done, total) => {
      if (tty) process.stdout.write(`\r  Seeding demo data ${done}/${total}`);
      else if (done === total || done % 10 === 0)
        process.stdout.write(`  Seeding demo data ${done}/${total}\n`);
    },
  });
  if (tty) process.stdout.write('\n');
  process.stdout.write(
    `  Seeded ${report.products.created} products and ${report.orders.created} orders in ${report.seconds.toFixed(1)} s\n\n`,
  );
}
