import { onTestFinished } from 'vitest';
import type { NewOrder, NewProduct, Store } from '../../../src/app/ports';
import { DomainError, type DomainErrorCode } from '../../../src/domain/errors';
import { freshStore } from '../../support/db';

let wallets = 0;

/** A fresh database for one test (closed when the test ends) and small builders. */
export async function setup() {
  const db = await freshStore();
  onTestFinished(() => db.close());
  const { store } = db;
  const user = (walletAddress = `wallet-${++wallets}`) =>
    store.users.create({ walletAddress, username: '' });
  const product = async (overrides: Partial<NewProduct> = {}) =>
    store.products.create({ ...newProduct((await user()).id), ...overrides });
  const order = async (overrides: Partial<NewOrder> = {}) => {
    const p = await product();
    const buyer = await user();
    return store.orders.create({ ...newOrder(p.id, buyer.id, p.sellerId), ...overrides });
  };
  return { ...db, user, product, order };
}

export function newProduct(sellerId: number): NewProduct {
  return {
    name: 'Vintage camera',
    description: 'A working film camera',
    price: '12.50',
    category: 'physical-items',
    condition: 'good',
    sellerId,
    location: null,
    imageUrl: null,
    requiresAddress: false,
    requiresEmail: false,
    requiresName: false,
    quantity: 1,
  };
}

export function newOrder(productId: number, buyerId: number, sellerId: number): NewOrder {
  return {
    productId,
    buyerId,
    sellerId,
    price: '12.50',
    status: 'escrow_held',
    escrowTransactionHash: `sig-${productId}-${buyerId}-${Math.random().toString(36).slice(2)}`,
  };
}

/** The DomainError `work` rejects with; fails the test if it resolves or throws anything else. */
export async function domainError(work: Promise<unknown>, code: DomainErrorCode) {
  const error = await work.then(
    () => new Error('expected a DomainError, but it succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw error;
  if (error.code !== code) throw new Error(`expected ${code}, got ${error.code}: ${error.message}`);
  if (/insert into|update \S+ set|select .* from|delete from|\$1/i.test(error.message)) {
    throw new Error(`SQL leaked into a DomainError message: ${error.message}`);
  }
  return error;
}

export type Setup = Awaited<ReturnType<typeof setup>>;
export type { Store };
