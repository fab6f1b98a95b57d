import type { Knex } from 'knex';

// The names a message's files were uploaded under (a JSON array beside `files`, in the same
// order), so the thread shows "damaged box.jpg", not the stored name. Messages from before this
// migration have none: their files show under their stored names.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_messages ADD COLUMN file_names text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_messages DROP COLUMN IF EXISTS file_names');
}
