import type { Knex } from 'knex';

// The payments ledger (every verified incoming escrow transfer) and the registry that lets one
// transaction signature settle at most one thing anywhere.
const statements = [
  `CREATE TABLE payments (
    id serial PRIMARY KEY,
    signature text NOT NULL CONSTRAINT payments_signature_key UNIQUE,
    payer_wallet text NOT NULL,
    lamports bigint NOT NULL,
    product_id integer REFERENCES products (id) ON DELETE RESTRICT,
    order_id integer REFERENCES orders (id) ON DELETE RESTRICT,
    status text NOT NULL,
    reason text,
    refund_signature text,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT payments_lamports_positive CHECK (lamports > 0),
    CONSTRAINT payments_status_valid CHECK (status IN ('matched', 'refund_due', 'refunded'))
  )`,
  `CREATE UNIQUE INDEX payments_refund_signature_key ON payments (refund_signature)
    WHERE refund_signature IS NOT NULL`,
  `CREATE INDEX payments_status_idx ON payments (status, created_at DESC, id DESC)`,
  `CREATE INDEX payments_order_idx ON payments (order_id)`,
  `CREATE INDEX payments_product_idx ON payments (product_id)`,
  `CREATE TABLE chain_signatures (
    signature text PRIMARY KEY,
    purpose text NOT NULL,
    order_id integer REFERENCES orders (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT chain_signatures_purpose_valid CHECK (purpose IN ('payment', 'release', 'refund'))
  )`,
  `CREATE INDEX chain_signatures_order_idx ON chain_signatures (order_id)`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS chain_signatures');
  await knex.raw('DROP TABLE IF EXISTS payments');
}
