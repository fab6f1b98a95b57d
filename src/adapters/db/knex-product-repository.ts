import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import type { NewProduct, ProductPatch, ProductQuery, ProductRepository } from '../../app/ports';
import type { Product } from '../../domain/entities';
import { escapeLike, pageOf, pageStart } from '../schema/cursor';
import { guard } from './db-errors';
import { ProductModel } from './models/product-model';
import { listToText, PRODUCT_COLUMNS, toProduct, type ProductRow } from './rows';

/** The columns the given camelCase fields set (undefined ones are left out). */
function toColumns(input: Record<string, unknown>): PartialModelObject<ProductModel> {
  const columns: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(PRODUCT_COLUMNS)) {
    const value = key === 'images' ? listToText(input[key] as string[] | undefined) : input[key];
    if (input[key] !== undefined) columns[column] = value;
  }
  return columns as PartialModelObject<ProductModel>;
}

const first = (rows: ProductRow[]) => (rows[0] ? toProduct(rows[0]) : null);

/**
 * Products in PostgreSQL/PGlite. `db` is the knex or the transaction to run every query on.
 * Reads and plain writes go through ProductModel (lists: plain knex rows); the stock moves and the guarded delete are
 * single conditional statements written in knex. Statuses are the product lifecycle's
 * (src/domain/product-lifecycle.ts): this class only writes what it is told.
 */
export class KnexProductRepository implements ProductRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  private products() {
    return ProductModel.query(this.db);
  }

  findById(id: number): Promise<Product | null> {
    return guard(async () => {
      const product = await this.products().findById(id);
      return product ? toProduct(product) : null;
    });
  }

  async list(query: ProductQuery): Promise<{ items: Product[]; nextCursor: string | null }> {
    const after = pageStart(query);
    return guard(async () => {
      // Plain rows from knex, not model instances: a page is read often and nothing here needs
      // a model (toProduct takes rows as the driver returns them).
      const q = this.db<ProductRow>(ProductModel.tableName).whereIn('status', [...query.statuses]);
      if (query.sellerId !== undefined) q.where('seller_id', query.sellerId);
      if (query.category !== undefined) q.where('category', query.category);
      const term = query.search?.trim();
      if (term) {
        // lower(...) LIKE lower(...) so the trigram indexes on lower(name/description) apply.
        const pattern = `%${escapeLike(term)}%`;
        q.where((w) =>
          w
            .whereRaw('lower(name) LIKE lower(?)', [pattern])
            .orWhereRaw('lower(description) LIKE lower(?)', [pattern]),
        );
      }
      if (after) {
        q.whereRaw('(created_at, id) < (?::timestamptz, ?::integer)', [after.createdAt, after.id]);
      }
      const rows: ProductRow[] = await q
        .select('*')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1);
      return pageOf(rows.map(toProduct), query.limit);
    });
  }

  create(input: NewProduct): Promise<Product> {
    return guard(async () =>
      toProduct(
        await this.products()
          .insert(toColumns({ ...input }))
          .returning('*'),
      ),
    );
  }

  update(id: number, patch: ProductPatch): Promise<Product | null> {
    const columns = toColumns({ ...patch, sellerId: undefined });
    if (Object.keys(columns).length === 0) return this.findById(id);
    return guard(async () =>
      first(await this.products().patch(columns).where({ id }).returning('*')),
    );
  }

  setStatus(id: number, status: Product['status']): Promise<Product | null> {
    return this.update(id, { status });
  }

  deleteIfUnreferenced(id: number): Promise<boolean> {
    return guard(async () => {
      const deleted = await this.db(ProductModel.tableName)
        .where({ id })
        .whereNotExists((q) => q.select(this.db.raw('1')).from('orders').where('product_id', id))
        .whereNotExists((q) => q.select(this.db.raw('1')).from('payments').where('product_id', id))
        .delete()
        .returning('id');
      // RETURNING rather than the affected-row count: knex-pglite reports no count for deletes.
      return deleted.length > 0;
    });
  }

  takeUnit(id: number): Promise<Product | null> {
    return guard(async () => {
      const rows = await this.db(ProductModel.tableName)
        .where({ id, status: 'active' })
        .whereRaw('sold_quantity < quantity')
        .update({ sold_quantity: this.db.raw('sold_quantity + 1') })
        .returning('*');
      return first(rows);
    });
  }

  returnUnit(id: number): Promise<Product | null> {
    return guard(async () => {
      const rows = await this.db(ProductModel.tableName)
        .where({ id })
        .where('sold_quantity', '>', 0)
        .update({ sold_quantity: this.db.raw('sold_quantity - 1') })
        .returning('*');
      return first(rows);
    });
  }
}
