import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import type {
  NewProduct,
  ProductExpectation,
  ProductPatch,
  ProductQuery,
  ProductRepository,
} from '../../app/ports';
import { FINAL_STATUSES } from '../../domain/product-lifecycle';
import type { Product } from '../../domain/entities';
import { encodeCursor, escapeLike, pageOf, pageStart } from '../schema/cursor';
import { imageFieldOf } from '../../contracts/image-field';
import { guard } from './db-errors';
import { wireImageField } from './image-field-sql';
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

/** Which filters a list has: each shape is one statement, the same text every time. */
interface ListShape {
  statuses: number;
  seller: boolean;
  category: boolean;
  search: boolean;
  after: boolean;
}

interface ListStatement {
  sql: string;
  /**
   * A name to prepare it under on each connection (PostgreSQL then neither parses nor plans it
   * again), for shapes whose best plan does not depend on the values. Not for searches: how
   * many rows a pattern matches decides between the trigram indexes and the newest-first walk,
   * and a generic plan cannot see the pattern.
   */
  name?: string;
}

const statements = new Map<number, ListStatement>();

/**
 * Named, not `*`: a prepared statement whose columns changed under it (a later migration adding
 * one while this process runs) fails with "cached plan must not change result type".
 */
const LIST_COLUMN_NAMES: readonly (keyof ProductRow)[] = [
  'id',
  'name',
  'description',
  'price',
  'category',
  'condition',
  'seller_id',
  'status',
  'location',
  'image_url',
  'requires_address',
  'requires_email',
  'requires_name',
  'quantity',
  'sold_quantity',
  'handling_days',
  'created_at',
];
const LIST_COLUMNS = LIST_COLUMN_NAMES.map((c) => `"${c}"`).join(', ');
const PRODUCT_BY_ID = `select ${LIST_COLUMNS} from "products" where "id" = ?`;

/**
 * The list's SQL for a shape, written once and kept (a page is read often; its statement need
 * not be built each time). Plain rows, no model: nothing here needs one. Bindings in order:
 * the statuses, the seller, the category, the pattern twice, the cursor's time and id, the limit.
 */
function listStatement(shape: ListShape): { key: number; statement: ListStatement } {
  const key =
    shape.statuses * 16 +
    (shape.seller ? 8 : 0) +
    (shape.category ? 4 : 0) +
    (shape.search ? 2 : 0) +
    (shape.after ? 1 : 0);
  let statement = statements.get(key);
  if (statement === undefined) {
    const marks = Array.from({ length: shape.statuses }, () => '?').join(', ');
    const where = [shape.statuses ? `"status" in (${marks})` : 'false'];
    if (shape.seller) where.push('"seller_id" = ?');
    if (shape.category) where.push('"category" = ?');
    // lower(...) LIKE lower(...) so the trigram indexes on lower(name/description) apply.
    if (shape.search) where.push('(lower(name) LIKE lower(?) OR lower(description) LIKE lower(?))');
    if (shape.after) where.push('(created_at, id) < (?::timestamptz, ?::integer)');
    statement = {
      sql:
        `select ${LIST_COLUMNS} from "products" where ${where.join(' and ')} ` +
        'order by "created_at" desc, "id" desc limit ?',
      name: shape.search ? undefined : `products_list_${key}`,
    };
    statements.set(key, statement);
  }
  return { key, statement };
}

/** The statement of a query's shape and its bindings, in order (see listStatement). */
function listQuery(query: ProductQuery) {
  const after = pageStart(query);
  const term = query.search?.trim();
  const bindings: unknown[] = [...query.statuses];
  if (query.sellerId !== undefined) bindings.push(query.sellerId);
  if (query.category !== undefined) bindings.push(query.category);
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    bindings.push(pattern, pattern);
  }
  if (after) bindings.push(after.createdAt, after.id);
  bindings.push(query.limit + 1);
  const { key, statement } = listStatement({
    statuses: query.statuses.length,
    seller: query.sellerId !== undefined,
    category: query.category !== undefined,
    search: Boolean(term),
    after: Boolean(after),
  });
  return { key, statement, bindings };
}

/** createdAt as the wire has it: toISOString's form, milliseconds cut as the drivers cut them. */
const WIRE_CREATED_AT = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const WIRE_IMAGE_FIELD = wireImageField('image_url');

/**
 * One product as the contract's productWire encodes it (src/contracts/wire.ts, productToWire),
 * byte for byte what JSON.stringify makes of it: the same keys in the same order, to_json's
 * escapes (those of JSON.stringify), no spaces. test/contracts/store pins the two equal.
 */
const WIRE_PRODUCT = [
  `'{"id":' || id`,
  `',"name":' || to_json(name)::text`,
  `',"description":' || to_json(description)::text`,
  `',"price":' || to_json(price::text)::text`,
  `',"category":' || to_json(category)::text`,
  `',"condition":' || to_json(condition)::text`,
  `',"sellerId":' || seller_id`,
  `',"status":' || to_json(status)::text`,
  `',"location":' || coalesce(to_json(location)::text, 'null')`,
  `',"requiresAddress":' || requires_address`,
  `',"requiresEmail":' || requires_email`,
  `',"requiresName":' || requires_name`,
  `',"quantity":' || quantity`,
  `',"soldQuantity":' || sold_quantity`,
  `',"handlingDays":' || handling_days`,
  `',"createdAt":"' || ${WIRE_CREATED_AT} || '"'`,
  `',"imageUrl":' || coalesce(to_json(${WIRE_IMAGE_FIELD})::text, 'null') || '}'`,
].join(' || ');

const encodedStatements = new Map<number, string>();

/**
 * A shape's page encoded by the database: the list's statement, numbered newest first; the first
 * `limit` rows as one JSON array text; where the next page starts (the last row shown, when a row
 * past it was fetched). Bindings: the limit three times, then the list's.
 */
function encodedStatement(key: number, statement: ListStatement): string {
  let sql = encodedStatements.get(key);
  if (sql === undefined) {
    sql =
      `select '[' || coalesce(string_agg(${WIRE_PRODUCT}, ',' order by n) filter (where n <= ?), '') || ']' as json, ` +
      `max(${WIRE_CREATED_AT}) filter (where n = ?) as last_created_at, ` +
      'max(id) filter (where n = ?) as last_id, count(*)::integer as fetched from (' +
      'select page.*, row_number() over (order by created_at desc, id desc) as n ' +
      `from (${statement.sql}) as page) as numbered`;
    encodedStatements.set(key, sql);
  }
  return sql;
}

interface EncodedPage {
  json: string;
  last_created_at: string | null;
  last_id: number | null;
  fetched: number;
}

/**
 * Products in PostgreSQL/PGlite. `db` is the knex or the transaction to run every query on.
 * Reads and plain writes go through ProductModel, lists through one statement per shape (plain
 * rows); the stock moves and the guarded delete are single conditional statements written in
 * knex. Statuses are the product lifecycle's (src/domain/product-lifecycle.ts): this class only
 * writes what it is told.
 */
export class KnexProductRepository implements ProductRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  private products() {
    return ProductModel.query(this.db);
  }

  findById(id: number): Promise<Product | null> {
    return guard(async () => {
      // Every purchase reads its product: a named statement, plain rows, no model.
      const { rows } = (await this.db
        .raw(PRODUCT_BY_ID, [id])
        .options({ name: 'product_by_id' })) as { rows: ProductRow[] };
      return first(rows);
    });
  }

  async list(query: ProductQuery): Promise<{ items: Product[]; nextCursor: string | null }> {
    const { statement, bindings } = listQuery(query);
    return guard(async () => {
      const raw = this.db.raw(statement.sql, bindings as Knex.RawBinding[]);
      if (statement.name) raw.options({ name: statement.name });
      const { rows } = (await raw) as { rows: ProductRow[] };
      return pageOf(rows.map(toProduct), query.limit);
    });
  }

  async listEncoded(query: ProductQuery): Promise<{ json: string; nextCursor: string | null }> {
    const { key, statement, bindings } = listQuery(query);
    const limit = query.limit;
    return guard(async () => {
      const raw = this.db.raw(encodedStatement(key, statement), [
        limit,
        limit,
        limit,
        ...bindings,
      ] as Knex.RawBinding[]);
      if (statement.name) raw.options({ name: `products_page_${key}` });
      const { rows } = (await raw) as { rows: EncodedPage[] };
      // An aggregate: always one row. A next page when a row past the last one shown came back.
      const { json, fetched, last_created_at: createdAt, last_id: id } = rows[0]!;
      const more = fetched > limit && createdAt !== null && id !== null;
      return { json, nextCursor: more ? encodeCursor({ createdAt, id }) : null };
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

  update(id: number, patch: ProductPatch, expected?: ProductExpectation): Promise<Product | null> {
    const columns = toColumns({ ...patch, sellerId: undefined });
    if (Object.keys(columns).length === 0) return this.findById(id);
    const as = expected && { status: expected.status, sold_quantity: expected.soldQuantity };
    return guard(async () => {
      const query = this.products()
        .patch(columns)
        .where({ id, ...as });
      // The images compared as the product reads them: old rows store them in older forms.
      if (expected) {
        query.whereRaw(`(${WIRE_IMAGE_FIELD}) is not distinct from ?`, [
          imageFieldOf(expected.images),
        ]);
      }
      return first(await query.returning('*'));
    });
  }

  setStatus(id: number, status: Product['status']): Promise<Product | null> {
    return guard(async () =>
      first(
        await this.products()
          .patch({ status })
          .where({ id })
          .whereNotIn(
            'status',
            FINAL_STATUSES.filter((s) => s !== status),
          )
          .returning('*'),
      ),
    );
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
