import type { Knex } from 'knex';
import type { ChainHistoryRepository, IncomingTransfer } from '../../app/ports';
import { guard } from './db-errors';

interface TransferRow {
  signature: string;
  from_wallet: string;
  lamports: string | bigint;
  block_time: string | bigint | null;
}

/** chain_transfers and chain_cursors: reconciliation's memory of the escrow wallet's history. */
export class KnexChainHistory implements ChainHistoryRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  cursor(wallet: string): Promise<string | null> {
    return guard(async () => {
      const row = await this.db('chain_cursors').where({ wallet }).first('newest_signature');
      return (row?.newest_signature as string | null | undefined) ?? null;
    });
  }

  add(wallet: string, transfers: readonly IncomingTransfer[], newest: string | null) {
    return guard(async () => {
      if (transfers.length) {
        await this.db('chain_transfers')
          .insert(
            // Oldest first (the chain answers newest first): the table keeps history's order.
            [...transfers].reverse().map((t) => ({
              wallet,
              signature: t.signature,
              from_wallet: t.from,
              lamports: t.lamports,
              block_time: t.blockTime,
            })),
          )
          .onConflict(['wallet', 'signature', 'from_wallet'])
          .ignore();
      }
      await this.db('chain_cursors')
        .insert({ wallet, newest_signature: newest, scanned_at: new Date() })
        .onConflict('wallet')
        .merge();
    });
  }

  transfers(wallet: string): Promise<IncomingTransfer[]> {
    return guard(async () => {
      const rows: TransferRow[] = await this.db('chain_transfers')
        .where({ wallet })
        .orderBy('id', 'asc');
      return rows.map((r) => ({
        signature: r.signature,
        from: r.from_wallet,
        lamports: BigInt(r.lamports),
        blockTime: r.block_time === null ? null : Number(r.block_time),
      }));
    });
  }

  reset(wallet: string): Promise<void> {
    return guard(async () => {
      await this.db('chain_transfers').where({ wallet }).delete();
      await this.db('chain_cursors').where({ wallet }).delete();
    });
  }
}
