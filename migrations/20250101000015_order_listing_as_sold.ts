import type { Knex } from 'knex';

// The listing as each order bought it (name, description, condition, images), written by the
// sale itself: a seller's later edit changes the product, not what a buyer paid for, and a
// dispute is judged against this. Orders from before it have none (their listing may have been
// edited since: it is not guessed).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders ADD COLUMN listing_as_sold jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP COLUMN IF EXISTS listing_as_sold');
}
