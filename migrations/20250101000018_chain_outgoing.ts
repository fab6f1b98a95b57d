import type { Knex } from 'knex';

// Reconciliation's memory of the transfers out of the escrow wallet (in wallet mode: payouts), so
// a payout the ledger does not know of shows. The history read so far is forgotten: its cursor
// is past outgoing transfers that were not kept, so the next reconcile reads it all once again.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE chain_outgoing (
    id bigserial,
    wallet text NOT NULL,
    signature text NOT NULL,
    to_wallet text NOT NULL,
    lamports bigint NOT NULL,
    block_time bigint,
    PRIMARY KEY (wallet, signature, to_wallet)
  )`);
  await knex.raw('DELETE FROM chain_transfers');
  await knex.raw('DELETE FROM chain_cursors');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS chain_outgoing');
}
