import type { NewProduct, ProductPatch } from '../../app/ports';
import type { Product } from '../../domain/entities';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '../../domain/product';
import { missingReference } from '../schema/constraint-errors';
import { checks, int4, notBlank, numeric10x2, positive, required } from './columns';
import { frozen, type Tables } from './tables';

/** The fields a patch may set (a product's seller, stock count, id and time are not among them). */
const PATCHABLE = [
  'name',
  'description',
  'price',
  'category',
  'condition',
  'status',
  'location',
  'images',
  'requiresAddress',
  'requiresEmail',
  'requiresName',
  'quantity',
  'handlingDays',
] as const satisfies readonly (keyof ProductPatch)[];

/** Whether a patch sets anything at all (an empty one is a plain read). */
export const setsAnything = (patch: ProductPatch) =>
  PATCHABLE.some((key) => patch[key] !== undefined);

/**
 * The fields of `input` a write sets (undefined ones are left out), read as their columns' types
 * read a statement's parameters: before any row is looked at, so a value of the wrong form is
 * refused even when no row matches.
 */
export function productValues<T extends ProductPatch & { sellerId?: number }>(input: T): T {
  const values: Record<string, unknown> = {};
  for (const key of [...PATCHABLE, 'sellerId'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  if (typeof values.price === 'string') values.price = numeric10x2(values.price);
  if (typeof values.quantity === 'number') values.quantity = int4(values.quantity);
  if (typeof values.handlingDays === 'number') values.handlingDays = int4(values.handlingDays);
  if (typeof values.sellerId === 'number') values.sellerId = int4(values.sellerId);
  if (Array.isArray(values.images)) values.images = [...values.images];
  return values as T;
}

/** What a product holds where the insert gives nothing (the columns' defaults). */
const DEFAULTS = {
  status: 'active',
  location: null,
  images: [] as string[],
  requiresAddress: false,
  requiresEmail: false,
  requiresName: false,
  quantity: 1,
  handlingDays: 3,
} as const satisfies Partial<Product>;

/** A new product: its values over the schema's defaults. */
export const newProductRow = (values: NewProduct, id: number, createdAt: string): Product => ({
  ...DEFAULTS,
  ...values,
  soldQuantity: 0,
  id,
  createdAt,
});

/** The row if the products table's constraints let it be stored, else the error PostgreSQL raises. */
export function checkedProduct(row: Product, tables: Tables): Readonly<Product> {
  for (const key of ['name', 'description', 'price', 'category', 'condition', 'status'] as const) {
    required(row[key], 'products');
  }
  for (const key of ['requiresAddress', 'requiresEmail', 'requiresName', 'quantity'] as const) {
    required(row[key], 'products');
  }
  checks({
    products_category_valid: (CATEGORIES as readonly string[]).includes(row.category),
    products_condition_valid: (CONDITIONS as readonly string[]).includes(row.condition),
    products_description_not_blank: notBlank(row.description),
    products_name_not_blank: notBlank(row.name),
    products_price_positive: positive(row.price),
    products_quantity_min: row.quantity >= 1,
    products_sold_quantity_range: row.soldQuantity >= 0 && row.soldQuantity <= row.quantity,
    products_status_valid: (PRODUCT_STATUSES as readonly string[]).includes(row.status),
    products_handling_days_range: row.handlingDays >= 1 && row.handlingDays <= 30,
  });
  if (!tables.users.has(row.sellerId)) {
    throw missingReference('seller_id', 'products_seller_id_fkey');
  }
  return frozen({ ...row, images: [...(row.images ?? [])] });
}

/** A product handed out: a copy, so the caller can change it without changing the store. */
export const productCopy = (row: Readonly<Product>): Product => ({
  ...row,
  images: [...row.images],
});
