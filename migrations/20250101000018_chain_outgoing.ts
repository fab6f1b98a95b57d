import type { Knex } from 'knex';

// Reconciliation's memory of the transfers out of the escrow wallet (in wallet mode: payouts), so
// a payout the ledger does not know of shows. The cursors are forgotten: they are past outgoing
// transfers that were not kept, so the next reconcile reads the history once again (the incoming
// transfers kept stay, in case a node no longer serves old history; read again, they are kept
// once).
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
  await knex.raw('DELETE FROM chain_cursors');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS chain_outgoing');
}
