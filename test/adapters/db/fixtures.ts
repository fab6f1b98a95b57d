import { onTestFinished } from 'vitest';
import type { NewOrder } from '@src/app/ports';
import { freshStore } from '@test/support/db';
import { newOrder, newProduct } from '@test/support/store-rows';

let wallets = 0;

/**
 * A fresh database for one test (closed when the test ends), its knex for what only SQL can
 * do, and small builders. The Store port's own behaviour is tested in test/contracts/store.
 */
export async function setup() {
  const db = await freshStore();
  onTestFinished(() => db.close());
  const { store } = db;
  const user = () => store.users.create({ walletAddress: `wallet-${++wallets}`, username: '' });
  const product = async () => store.products.create(newProduct((await user()).id));
  const order = async (overrides: Partial<NewOrder> = {}) => {
    const p = await product();
    return store.orders.create({ ...newOrder(p.id, (await user()).id, p.sellerId), ...overrides });
  };
  return { ...db, user, product, order };
}
