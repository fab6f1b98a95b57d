import type { Knex } from 'knex';

// Spec section 3 (users, products, orders) plus refunds. Status, category and condition lists
// are written out here on purpose: a migration is a snapshot, later changes get a new one.
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
const PRODUCT_STATUSES = list(['active', 'sold', 'inactive', 'deleted', 'removed']);
const CATEGORIES = list(['digital-goods', 'physical-items', 'services', 'other']);
const CONDITIONS = list(['new', 'like_new', 'good', 'fair', 'poor']);
const ORDER_STATUSES = list([
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'completed',
  'cancelled',
]);

const statements = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE TABLE users (
    id serial PRIMARY KEY,
    wallet_address text NOT NULL CONSTRAINT users_wallet_address_key UNIQUE,
    username text NOT NULL DEFAULT '',
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT users_wallet_address_not_blank CHECK (btrim(wallet_address) <> '')
  )`,
  `CREATE TABLE products (
    id serial PRIMARY KEY,
    name text NOT NULL,
    description text NOT NULL,
    price numeric(10, 2) NOT NULL,
    category text NOT NULL,
    condition text NOT NULL,
    seller_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    status text NOT NULL DEFAULT 'active',
    location text,
    image_url text,
    requires_address boolean NOT NULL DEFAULT false,
    requires_email boolean NOT NULL DEFAULT false,
    requires_name boolean NOT NULL DEFAULT false,
    quantity integer NOT NULL DEFAULT 1,
    sold_quantity integer NOT NULL DEFAULT 0,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT products_name_not_blank CHECK (btrim(name) <> ''),
    CONSTRAINT products_description_not_blank CHECK (btrim(description) <> ''),
    CONSTRAINT products_price_positive CHECK (price > 0),
    CONSTRAINT products_category_valid CHECK (category IN (${CATEGORIES})),
    CONSTRAINT products_condition_valid CHECK (condition IN (${CONDITIONS})),
    CONSTRAINT products_status_valid CHECK (status IN (${PRODUCT_STATUSES})),
    CONSTRAINT products_quantity_min CHECK (quantity >= 1),
    CONSTRAINT products_sold_quantity_range CHECK (sold_quantity >= 0 AND sold_quantity <= quantity)
  )`,
  `CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC)`,
  `CREATE INDEX products_seller_newest_idx ON products (seller_id, created_at DESC, id DESC)`,
  `CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops)`,
  `CREATE INDEX products_description_trgm_idx ON products
    USING gin (lower(description) gin_trgm_ops)`,
  `CREATE TABLE orders (
    id serial PRIMARY KEY,
    product_id integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    buyer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    seller_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    price numeric(10, 2) NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    transaction_hash text,
    escrow_transaction_hash text,
    release_transaction_hash text,
    refund_transaction_hash text,
    tracking_number text,
    proof_of_delivery text,
    delivery_images text,
    uploaded_files text,
    buyer_address text,
    buyer_email text,
    buyer_name text,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    tracking_uploaded_at timestamptz(3),
    funds_released_at timestamptz(3),
    refunded_at timestamptz(3),
    CONSTRAINT orders_price_positive CHECK (price > 0),
    CONSTRAINT orders_status_valid CHECK (status IN (${ORDER_STATUSES}))
  )`,
  `CREATE UNIQUE INDEX orders_escrow_transaction_hash_key ON orders (escrow_transaction_hash)
    WHERE escrow_transaction_hash IS NOT NULL`,
  `CREATE UNIQUE INDEX orders_release_transaction_hash_key ON orders (release_transaction_hash)
    WHERE release_transaction_hash IS NOT NULL`,
  `CREATE UNIQUE INDEX orders_refund_transaction_hash_key ON orders (refund_transaction_hash)
    WHERE refund_transaction_hash IS NOT NULL`,
  `CREATE INDEX orders_buyer_newest_idx ON orders (buyer_id, created_at DESC, id DESC)`,
  `CREATE INDEX orders_seller_newest_idx ON orders (seller_id, created_at DESC, id DESC)`,
  `CREATE INDEX orders_status_newest_idx ON orders (status, created_at DESC, id DESC)`,
  `CREATE INDEX orders_product_idx ON orders (product_id)`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS orders');
  await knex.raw('DROP TABLE IF EXISTS products');
  await knex.raw('DROP TABLE IF EXISTS users');
}
