import type {
  NewProduct,
  ProductExpectation,
  ProductPatch,
  ProductQuery,
  ProductRepository,
} from '../../app/ports';
import { FINAL_STATUSES } from '../../domain/product-lifecycle';
import { productsToWire } from '../../contracts/wire';
import type { Product } from '../../domain/entities';
import { pageOf, pageStart, type Keyset } from '../schema/cursor';
import { int4, timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { emit } from './memory-events';
import {
  checkedProduct,
  newProductRow,
  productCopy,
  productValues,
  setsAnything,
} from './product-rows';
import { newestFirst, type Tables } from './tables';

/** Before the cursor in newest-first order: (createdAt, id) < (cursor's). */
const after = (cursor: Keyset) => (p: Product) => {
  const [time, cursorTime] = [Date.parse(p.createdAt), Date.parse(cursor.createdAt)];
  return time < cursorTime || (time === cursorTime && p.id < cursor.id);
};

/** Case-insensitive substring of name or description, every character literal. */
const matches = (term: string) => (p: Product) =>
  p.name.toLowerCase().includes(term) || p.description.toLowerCase().includes(term);

export class MemoryProductRepository implements ProductRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  async findById(id: number): Promise<Product | null> {
    const row = this.scope.read().products.get(int4(id));
    return row ? productCopy(row) : null;
  }

  async list(query: ProductQuery): Promise<{ items: Product[]; nextCursor: string | null }> {
    const cursor = pageStart(query);
    const term = query.search?.trim().toLowerCase();
    const sellerId = query.sellerId === undefined ? undefined : int4(query.sellerId);
    const rows = [...this.scope.read().products.values()]
      .filter((p) => query.statuses.includes(p.status))
      .filter((p) => sellerId === undefined || p.sellerId === sellerId)
      .filter((p) => query.category === undefined || p.category === query.category)
      .filter(term ? matches(term) : () => true)
      .filter(cursor ? after(cursor) : () => true)
      .sort(newestFirst);
    return pageOf(rows.slice(0, query.limit + 1).map(productCopy), query.limit);
  }

  async listEncoded(query: ProductQuery): Promise<{ json: string; nextCursor: string | null }> {
    const { items, nextCursor } = await this.list(query);
    return { json: JSON.stringify(productsToWire(items)), nextCursor };
  }

  create(input: NewProduct): Promise<Product> {
    return this.scope.write((tables) => {
      const values = productValues(input);
      const id = this.db.nextId('products');
      const product = checkedProduct(
        newProductRow(values, id, timestamp(this.scope.now())),
        tables,
      );
      tables.products.set(id, product);
      this.event(tables, product);
      return productCopy(product);
    });
  }

  update(id: number, patch: ProductPatch, expected?: ProductExpectation): Promise<Product | null> {
    // The seller of a product never changes, even when a patch names one.
    const { sellerId: _seller, ...changes } = patch as ProductPatch & { sellerId?: number };
    if (!setsAnything(changes)) return this.findById(id);
    return this.scope.write((tables) => {
      const values = productValues(changes);
      return this.replace(tables, id, (p) =>
        !expected ||
        (p.status === expected.status &&
          p.soldQuantity === expected.soldQuantity &&
          sameList(p.images, expected.images))
          ? { ...p, ...values }
          : null,
      );
    });
  }

  setStatus(id: number, status: Product['status']): Promise<Product | null> {
    return this.scope.write((tables) =>
      this.replace(tables, id, (p) =>
        FINAL_STATUSES.includes(p.status) && p.status !== status ? null : { ...p, status },
      ),
    );
  }

  deleteIfUnreferenced(id: number): Promise<boolean> {
    return this.scope.write((tables) => {
      const key = int4(id);
      const used =
        [...tables.orders.values()].some((o) => o.productId === key) ||
        [...tables.payments.values()].some((p) => p.productId === key);
      return !used && tables.products.delete(key);
    });
  }

  takeUnit(id: number): Promise<Product | null> {
    return this.scope.write((tables) =>
      this.replace(tables, id, (p) =>
        p.status === 'active' && p.soldQuantity < p.quantity
          ? { ...p, soldQuantity: p.soldQuantity + 1 }
          : null,
      ),
    );
  }

  returnUnit(id: number): Promise<Product | null> {
    return this.scope.write((tables) =>
      this.replace(tables, id, (p) =>
        p.soldQuantity > 0 ? { ...p, soldQuantity: p.soldQuantity - 1 } : null,
      ),
    );
  }

  /** UPDATE ... WHERE id RETURNING *: `next` gives the new row, or null where the guard fails. */
  private replace(tables: Tables, id: number, next: (p: Product) => Product | null) {
    const current = tables.products.get(int4(id));
    const changed = current ? next(productCopy(current)) : null;
    if (!changed) return null;
    const product = checkedProduct(changed, tables);
    tables.products.set(product.id, product);
    this.event(tables, product);
    return productCopy(product);
  }

  /** As the products trigger: the grid shows products, so everyone hears of a change. */
  private event(tables: Tables, product: Readonly<Product>) {
    emit(this.db, this.scope, tables, {
      topic: 'product',
      subjectId: product.id,
      userIds: [product.sellerId],
      admins: true,
      public: true,
    });
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);
