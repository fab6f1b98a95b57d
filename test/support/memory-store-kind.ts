import { MemoryDatabase } from '@src/adapters/memory/memory-database';
import { createMemoryStore } from '@src/adapters/memory/memory-store';
import type { StoreKind } from '@test/contracts/store/store-under-test';

/** The in-memory store, its tables at hand for what a contract counts past the port. */
export const memoryStore: StoreKind = {
  name: 'memory',
  async open() {
    const db = new MemoryDatabase();
    const store = createMemoryStore(db);
    return {
      store,
      countUsers: async (wallet) =>
        [...db.tables.users.values()].filter((u) => u.walletAddress === wallet).length,
      countOrders: async (productId) =>
        [...db.tables.orders.values()].filter((o) => o.productId === productId).length,
      setCreatedAt: async (ids, at) => {
        for (const id of ids) {
          const row = db.tables.products.get(id);
          if (row) db.tables.products.set(id, { ...row, createdAt: at.toISOString() });
        }
      },
      close: () => store.close(),
    };
  },
};
