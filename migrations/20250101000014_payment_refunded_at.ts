import type { Knex } from 'knex';

// When a payment was refunded, so its payer's screen can say so. A payment refunded before this
// migration takes the time its refund's signature was claimed: the same transaction recorded
// both.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payments ADD COLUMN refunded_at timestamptz');
  await knex.raw(
    `UPDATE payments p SET refunded_at = s.created_at
       FROM chain_signatures s
      WHERE p.status = 'refunded' AND s.signature = p.refund_signature`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payments DROP COLUMN IF EXISTS refunded_at');
}
