import type { StoreKind } from '@test/contracts/store/store-under-test';
import { backend, freshStore } from './db';

/** The knex store on PGlite, or on PostgreSQL when DATABASE_URL is set; SQL for the rest. */
export const knexStore: StoreKind = {
  name: backend,
  async open() {
    const { store, knex, close } = await freshStore();
    return {
      store,
      countUsers: async (wallet) => (await knex('users').where({ wallet_address: wallet })).length,
      countOrders: async (productId) =>
        (await knex('orders').where({ product_id: productId })).length,
      setCreatedAt: async (ids, at) => {
        await knex('products')
          .whereIn('id', [...ids])
          .update({ created_at: at });
      },
      sql: async (text, bindings = []) => {
        await knex.raw(text, bindings as never[]);
      },
      close,
    };
  },
};
