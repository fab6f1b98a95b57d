import type { Knex } from 'knex';

// Buyer and seller protection: deadlines on every paid order, disputes and their messages, a
// ledger of every payout part, and payout attempts (one open at a time per order, so no
// payout is ever sent twice, whoever sends it). Lists are written out: a migration is a snapshot.
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
const ORDER_STATUSES = list([
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'completed',
  'cancelled',
  'release_due',
  'refund_due',
  'disputed',
]);
const OLD_ORDER_STATUSES = list([
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'completed',
  'cancelled',
]);
const REASONS = list(['not_received', 'not_as_described', 'damaged', 'wrong_item', 'other']);
const ACTIONS = list(['release', 'refund', 'split']);

const statements = [
  `ALTER TABLE products ADD COLUMN handling_days integer NOT NULL DEFAULT 3
    CONSTRAINT products_handling_days_range CHECK (handling_days BETWEEN 1 AND 30)`,
  `ALTER TABLE orders
    ADD COLUMN handling_days integer,
    ADD COLUMN ship_by timestamptz(3),
    ADD COLUMN auto_refund_at timestamptz(3),
    ADD COLUMN inspection_ends_at timestamptz(3),
    ADD COLUMN received_at timestamptz(3),
    ADD COLUMN due_since timestamptz(3),
    ADD COLUMN due_reason text`,
  `ALTER TABLE orders DROP CONSTRAINT orders_status_valid`,
  `ALTER TABLE orders ADD CONSTRAINT orders_status_valid CHECK (status IN (${ORDER_STATUSES}))`,
  // Orders paid before deadlines existed get them with the defaults of the day (3 days to ship,
  // 7 of grace, 7 to inspect), counted from when they were paid and shipped.
  `UPDATE orders SET handling_days = 3,
    ship_by = created_at + interval '3 days',
    auto_refund_at = created_at + interval '10 days',
    inspection_ends_at = tracking_uploaded_at + interval '7 days'
    WHERE status IN ('escrow_held', 'tracking_uploaded')`,
  `CREATE INDEX orders_auto_refund_idx ON orders (auto_refund_at) WHERE status = 'escrow_held'`,
  `CREATE INDEX orders_inspection_idx ON orders (inspection_ends_at)
    WHERE status = 'tracking_uploaded'`,
  `CREATE TABLE disputes (
    id serial PRIMARY KEY,
    order_id integer NOT NULL CONSTRAINT disputes_order_key UNIQUE
      REFERENCES orders (id) ON DELETE RESTRICT,
    opened_by text NOT NULL,
    reason text NOT NULL,
    opened_at timestamptz(3) NOT NULL DEFAULT now(),
    resolution text,
    seller_lamports bigint,
    buyer_lamports bigint,
    resolved_at timestamptz(3),
    CONSTRAINT disputes_opened_by_valid CHECK (opened_by IN ('buyer', 'seller')),
    CONSTRAINT disputes_reason_valid CHECK (reason IN (${REASONS})),
    CONSTRAINT disputes_resolution_valid CHECK (resolution IS NULL OR resolution IN (${ACTIONS})),
    CONSTRAINT disputes_parts_positive CHECK (
      (seller_lamports IS NULL OR seller_lamports >= 0) AND (buyer_lamports IS NULL OR buyer_lamports >= 0))
  )`,
  `CREATE TABLE order_messages (
    id serial PRIMARY KEY,
    order_id integer NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
    author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    role text NOT NULL,
    body text NOT NULL,
    files text,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT order_messages_role_valid CHECK (role IN ('buyer', 'seller', 'admin')),
    CONSTRAINT order_messages_not_empty CHECK (btrim(body) <> '' OR files IS NOT NULL)
  )`,
  `CREATE INDEX order_messages_order_idx ON order_messages (order_id, id)`,
  `CREATE TABLE payouts (
    id serial PRIMARY KEY,
    order_id integer NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
    signature text NOT NULL,
    recipient text NOT NULL,
    wallet text NOT NULL,
    lamports bigint NOT NULL,
    action text NOT NULL,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT payouts_part_key UNIQUE (signature, recipient),
    CONSTRAINT payouts_recipient_valid CHECK (recipient IN ('seller', 'buyer')),
    CONSTRAINT payouts_action_valid CHECK (action IN (${ACTIONS})),
    CONSTRAINT payouts_lamports_positive CHECK (lamports > 0)
  )`,
  `CREATE INDEX payouts_order_idx ON payouts (order_id)`,
  `CREATE TABLE payout_attempts (
    id serial PRIMARY KEY,
    order_id integer NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
    action text NOT NULL,
    seller_lamports bigint NOT NULL,
    buyer_lamports bigint NOT NULL,
    reference text NOT NULL CONSTRAINT payout_attempts_reference_key UNIQUE,
    last_valid_block_height bigint NOT NULL,
    signature text,
    status text NOT NULL DEFAULT 'open',
    made_by text NOT NULL,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    closed_at timestamptz(3),
    CONSTRAINT payout_attempts_action_valid CHECK (action IN (${ACTIONS})),
    CONSTRAINT payout_attempts_status_valid CHECK (status IN ('open', 'done', 'abandoned')),
    CONSTRAINT payout_attempts_made_by_valid CHECK (made_by IN ('settlement', 'admin')),
    CONSTRAINT payout_attempts_parts CHECK (seller_lamports >= 0 AND buyer_lamports >= 0)
  )`,
  // The lock that makes every payout happen once: one open attempt per order.
  `CREATE UNIQUE INDEX payout_attempts_one_open ON payout_attempts (order_id) WHERE status = 'open'`,
  `ALTER TABLE chain_signatures DROP CONSTRAINT chain_signatures_purpose_valid`,
  `ALTER TABLE chain_signatures ADD CONSTRAINT chain_signatures_purpose_valid
    CHECK (purpose IN ('payment', 'release', 'refund', 'split'))`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS payout_attempts');
  await knex.raw('DROP TABLE IF EXISTS payouts');
  await knex.raw('DROP TABLE IF EXISTS order_messages');
  await knex.raw('DROP TABLE IF EXISTS disputes');
  await knex.raw(`UPDATE orders SET status = 'escrow_held' WHERE status IN ('refund_due', 'disputed')
    AND tracking_uploaded_at IS NULL`);
  await knex.raw(`UPDATE orders SET status = 'tracking_uploaded'
    WHERE status IN ('release_due', 'refund_due', 'disputed')`);
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_status_valid');
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_status_valid CHECK (status IN (${OLD_ORDER_STATUSES}))`,
  );
  await knex.raw(`ALTER TABLE orders DROP COLUMN handling_days, DROP COLUMN ship_by,
    DROP COLUMN auto_refund_at, DROP COLUMN inspection_ends_at, DROP COLUMN received_at,
    DROP COLUMN due_since, DROP COLUMN due_reason`);
  await knex.raw('ALTER TABLE products DROP COLUMN handling_days');
  await knex.raw(`DELETE FROM chain_signatures WHERE purpose = 'split'`);
  await knex.raw('ALTER TABLE chain_signatures DROP CONSTRAINT chain_signatures_purpose_valid');
  await knex.raw(`ALTER TABLE chain_signatures ADD CONSTRAINT chain_signatures_purpose_valid
    CHECK (purpose IN ('payment', 'release', 'refund'))`);
}
