import type { Knex } from 'knex';

// ESCROW_MODE=multisig: the escrow token account each verified payment went into, recorded with
// the payment (null in wallet mode and for payments recorded before). It lets reconcile read
// every order's account in batches and lets a buyer claim back a payment that bought nothing.
// The payer's index serves a buyer's own list of payments.
const statements = [
  `ALTER TABLE payments ADD COLUMN escrow_account text`,
  `CREATE UNIQUE INDEX payments_escrow_account_key ON payments (escrow_account)
    WHERE escrow_account IS NOT NULL`,
  `CREATE INDEX payments_payer_idx ON payments (payer_wallet, created_at, id)`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payments_payer_idx');
  await knex.raw('DROP INDEX IF EXISTS payments_escrow_account_key');
  await knex.raw('ALTER TABLE payments DROP COLUMN IF EXISTS escrow_account');
}
