import type { Knex } from 'knex';

// What reconciliation has read of a wallet's history on chain: its incoming transfers, and the
// newest signature read, so that the next run reads only what is newer (a full rescan on request).
const statements = [
  `CREATE TABLE chain_transfers (
    id bigserial,
    wallet text NOT NULL,
    signature text NOT NULL,
    from_wallet text NOT NULL,
    lamports bigint NOT NULL,
    block_time bigint,
    PRIMARY KEY (wallet, signature, from_wallet)
  )`,
  `CREATE TABLE chain_cursors (
    wallet text PRIMARY KEY,
    newest_signature text,
    scanned_at timestamptz(3) NOT NULL DEFAULT now()
  )`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS chain_cursors');
  await knex.raw('DROP TABLE IF EXISTS chain_transfers');
}
