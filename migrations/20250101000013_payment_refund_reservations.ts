import type { Knex } from 'knex';

// The refund of a payment that bought nothing is reserved before it is sent, as an order's
// payout is: the reference its transfer carries and the last block height of its blockhash. A
// second sender is refused before it signs, and a reservation whose blockhash died with no
// trace of its reference on chain may be replaced.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `ALTER TABLE payments ADD COLUMN refund_reference text, ADD COLUMN refund_valid_until bigint`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE payments DROP COLUMN IF EXISTS refund_reference, DROP COLUMN IF EXISTS refund_valid_until',
  );
}
