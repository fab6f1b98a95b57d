import type { Knex } from 'knex';
import type {
  ChainHistoryRepository,
  IncomingTransfer,
  OutgoingTransfer,
  WalletTransfers,
} from '../../app/ports';
import { guard } from './db-errors';

interface TransferRow {
  signature: string;
  from_wallet: string;
  lamports: string | bigint;
  block_time: string | bigint | null;
}

interface OutgoingRow {
  signature: string;
  to_wallet: string;
  lamports: string | bigint;
  block_time: string | bigint | null;
}

/** Five values a row: 5,000 binds a statement, far below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1000;

const blockTime = (value: string | bigint | null) => (value === null ? null : Number(value));

/**
 * chain_transfers, chain_outgoing and chain_cursors: reconciliation's memory of the escrow
 * wallet's history, in and out.
 */
export class KnexChainHistory implements ChainHistoryRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  cursor(wallet: string): Promise<string | null> {
    return guard(async () => {
      const row = await this.db('chain_cursors').where({ wallet }).first('newest_signature');
      return (row?.newest_signature as string | null | undefined) ?? null;
    });
  }

  add(wallet: string, read: WalletTransfers, newest: string | null) {
    return guard(async () => {
      // Oldest first (the chain answers newest first): the tables keep history's order.
      await this.insertNew(
        'chain_transfers',
        'from_wallet',
        [...read.transfers].reverse().map((t) => ({
          wallet,
          signature: t.signature,
          from_wallet: t.from,
          lamports: t.lamports,
          block_time: t.blockTime,
        })),
      );
      await this.insertNew(
        'chain_outgoing',
        'to_wallet',
        [...read.outgoing].reverse().map((t) => ({
          wallet,
          signature: t.signature,
          to_wallet: t.to,
          lamports: t.lamports,
          block_time: t.blockTime,
        })),
      );
      await this.db('chain_cursors')
        .insert({ wallet, newest_signature: newest, scanned_at: new Date() })
        .onConflict('wallet')
        .merge();
    });
  }

  /**
   * Rows not there yet (a transfer read again is kept once), keyed by wallet, signature and
   * `party`; in statements of a thousand rows, so a whole history read again stays under
   * PostgreSQL's bind limit.
   */
  private async insertNew(table: string, party: string, rows: readonly object[]) {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await this.db(table)
        .insert(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict(['wallet', 'signature', party])
        .ignore();
    }
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
        blockTime: blockTime(r.block_time),
      }));
    });
  }

  outgoing(wallet: string): Promise<OutgoingTransfer[]> {
    return guard(async () => {
      const rows: OutgoingRow[] = await this.db('chain_outgoing')
        .where({ wallet })
        .orderBy('id', 'asc');
      return rows.map((r) => ({
        signature: r.signature,
        to: r.to_wallet,
        lamports: BigInt(r.lamports),
        blockTime: blockTime(r.block_time),
      }));
    });
  }

  reset(wallet: string): Promise<void> {
    return guard(async () => {
      await this.db('chain_transfers').where({ wallet }).delete();
      await this.db('chain_outgoing').where({ wallet }).delete();
      await this.db('chain_cursors').where({ wallet }).delete();
    });
  }
}
