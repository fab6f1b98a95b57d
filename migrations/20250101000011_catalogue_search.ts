import type { Knex } from 'knex';

// The catalogue's substring search (lower(name/description) LIKE '%term%' on the trigram
// indexes), measured at 100k products:
// - a small pending list: GIN's fast update keeps new rows in a pending list that every search
//   reads through in full until it is merged into the index (at 4 MB by default, or by VACUUM):
//   a freshly grown catalogue held 750 pages of it, 30 ms a search. At 128 kB it is merged every
//   few hundred rows (bulk loads keep their speed; turning fast update off made them 3x slower)
//   and a search reads at most 16 pages of it.
// - a finer histogram of lower(name/description): with 100 entries, a rare term such as "#4729"
//   matched one entry and was estimated at 1 % of the rows, so the planner walked the newest-first
//   index filtering every row for 49 that were not there (180 ms instead of 0.2 ms through the
//   trigrams). With 1,000, rare terms read as rare and common ones ("amber") still take the
//   newest-first walk, which stops after 49.
const INDEXES = ['products_name_trgm_idx', 'products_description_trgm_idx'];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) {
    await knex.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = 128)`);
    await knex.raw(`SELECT gin_clean_pending_list('${index}'::regclass)`);
    await knex.raw(`ALTER INDEX ${index} ALTER COLUMN 1 SET STATISTICS 1000`);
  }
  await knex.raw('ANALYZE products');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) {
    await knex.raw(`ALTER INDEX ${index} ALTER COLUMN 1 SET STATISTICS -1`);
    await knex.raw(`ALTER INDEX ${index} RESET (gin_pending_list_limit)`);
  }
}
