import type { Knex } from 'knex';
import type {
  DisputeRepository,
  MessageRepository,
  NewDispute,
  NewMessage,
  NewPayout,
  NewPayoutAttempt,
  PayoutAttemptRepository,
  PayoutRepository,
} from '../../app/ports';
import type { Dispute, OrderMessage, Payout, PayoutAttempt } from '../../domain/entities';
import { guard } from './db-errors';
import { missingReference, payoutPlannedOnOldStatus } from '../schema/constraint-errors';
import {
  messageColumns,
  toAttempt,
  toDispute,
  toMessage,
  toPayout,
  type AttemptRow,
  type DisputeRow,
  type MessageRow,
  type PayoutRow,
} from './protection-rows';

type Db = Knex | Knex.Transaction;

/** disputes: one per order at most (a unique key). */
export class KnexDisputeRepository implements DisputeRepository {
  constructor(private readonly db: Db) {}

  open(input: NewDispute): Promise<Dispute> {
    return guard(async () => {
      const [row] = await this.db<DisputeRow>('disputes')
        .insert({ order_id: input.orderId, opened_by: input.openedBy, reason: input.reason })
        .returning('*');
      return toDispute(row as DisputeRow);
    });
  }

  findByOrder(orderId: number): Promise<Dispute | null> {
    return guard(async () => {
      const row = await this.db<DisputeRow>('disputes').where({ order_id: orderId }).first();
      return row ? toDispute(row) : null;
    });
  }

  resolve(
    orderId: number,
    outcome: Pick<Dispute, 'resolution' | 'sellerLamports' | 'buyerLamports' | 'resolvedAt'>,
  ): Promise<Dispute | null> {
    return guard(async () => {
      const [row] = await this.db<DisputeRow>('disputes')
        .where({ order_id: orderId })
        .whereNull('resolution')
        .update({
          resolution: outcome.resolution,
          seller_lamports: outcome.sellerLamports,
          buyer_lamports: outcome.buyerLamports,
          resolved_at: outcome.resolvedAt ? new Date(outcome.resolvedAt) : null,
        })
        .returning('*');
      return row ? toDispute(row as DisputeRow) : null;
    });
  }
}

/** order_messages: each order's thread, oldest first. */
export class KnexMessageRepository implements MessageRepository {
  constructor(private readonly db: Db) {}

  add(input: NewMessage): Promise<OrderMessage> {
    return guard(async () => {
      const [row] = await this.db('order_messages').insert(messageColumns(input)).returning('*');
      return toMessage(row as MessageRow);
    });
  }

  listByOrder(orderId: number): Promise<OrderMessage[]> {
    return guard(async () => {
      const rows: MessageRow[] = await this.db('order_messages')
        .where({ order_id: orderId })
        .orderBy('id', 'asc');
      return rows.map(toMessage);
    });
  }

  orderOfFile(fileName: string): Promise<number | null> {
    return guard(async () => {
      // The list is JSON text; a stored name is quoted inside it (names are [A-Za-z0-9.-]).
      const row = await this.db('order_messages')
        .whereRaw('files LIKE ?', [`%"${fileName.replace(/[%_\\"]/g, '')}"%`])
        .first('order_id');
      return row ? (row.order_id as number) : null;
    });
  }
}

/** payouts: every part paid out of escrow. */
export class KnexPayoutRepository implements PayoutRepository {
  constructor(private readonly db: Db) {}

  record(input: NewPayout): Promise<Payout> {
    return guard(async () => {
      const [row] = await this.db('payouts')
        .insert({
          order_id: input.orderId,
          signature: input.signature,
          recipient: input.recipient,
          wallet: input.wallet,
          lamports: input.lamports,
          action: input.action,
        })
        .returning('*');
      return toPayout(row as PayoutRow);
    });
  }

  listByOrder(orderId: number): Promise<Payout[]> {
    return guard(async () => {
      const rows: PayoutRow[] = await this.db('payouts').where({ order_id: orderId }).orderBy('id');
      return rows.map(toPayout);
    });
  }

  paidToBuyers(orderIds: readonly number[]): Promise<Map<number, bigint>> {
    if (orderIds.length === 0) return Promise.resolve(new Map());
    return guard(async () => {
      // The ids travel as one JSON parameter: a long list stays one bind, whatever its length.
      const rows: { order_id: number; lamports: bigint | string }[] = await this.db('payouts')
        .select('order_id')
        .select(this.db.raw('sum(lamports)::bigint AS lamports'))
        .where('recipient', 'buyer')
        .whereRaw('order_id IN (SELECT value::integer FROM json_array_elements_text(?::json))', [
          JSON.stringify(orderIds),
        ])
        .groupBy('order_id');
      return new Map(rows.map((r) => [r.order_id, BigInt(r.lamports)]));
    });
  }

  bySignatures(signatures: readonly string[]): Promise<Payout[]> {
    if (signatures.length === 0) return Promise.resolve([]);
    return guard(async () => {
      // As one JSON parameter: any number of signatures is one bind.
      const rows: PayoutRow[] = await this.db('payouts')
        .whereRaw('signature IN (SELECT value FROM json_array_elements_text(?::json))', [
          JSON.stringify(signatures),
        ])
        .orderBy('id');
      return rows.map(toPayout);
    });
  }
}

/** payout_attempts: the unique index on open ones is the payout lock. */
export class KnexPayoutAttemptRepository implements PayoutAttemptRepository {
  constructor(private readonly db: Db) {}

  open(input: NewPayoutAttempt): Promise<PayoutAttempt> {
    return guard(async () => {
      // One statement: the order's row is locked and its status checked on its newest version
      // (a payout recorded meanwhile moved it), then the attempt goes in (the unique index on
      // open attempts refuses a second one under way).
      const answer = (await this.db.raw(
        `WITH o AS (SELECT id FROM orders WHERE id = ? AND status = ? FOR UPDATE)
         INSERT INTO payout_attempts (order_id, action, seller_lamports, buyer_lamports,
                                      reference, last_valid_block_height, signature, made_by)
         SELECT o.id, ?, ?, ?, ?, ?, ?, ? FROM o
         RETURNING *`,
        [
          input.orderId,
          input.orderStatus,
          input.action,
          input.sellerLamports.toString(),
          input.buyerLamports.toString(),
          input.reference,
          input.lastValidBlockHeight.toString(),
          input.signature ?? null,
          input.madeBy,
        ],
      )) as { rows?: AttemptRow[] };
      const row = answer.rows?.[0];
      if (row) return toAttempt(row);
      const order = await this.db('orders').where({ id: input.orderId }).first('id');
      throw order
        ? payoutPlannedOnOldStatus(input.orderId)
        : missingReference('order_id', 'payout_attempts_order_id_fkey');
    });
  }

  findOpen(orderId: number): Promise<PayoutAttempt | null> {
    return guard(async () => {
      const row = await this.db<AttemptRow>('payout_attempts')
        .where({ order_id: orderId, status: 'open' })
        .first();
      return row ? toAttempt(row) : null;
    });
  }

  listOpen(): Promise<PayoutAttempt[]> {
    return guard(async () => {
      const rows: AttemptRow[] = await this.db('payout_attempts')
        .where({ status: 'open' })
        .orderBy('id');
      return rows.map(toAttempt);
    });
  }

  setSignature(id: number, signature: string): Promise<void> {
    return guard(async () => {
      await this.db('payout_attempts').where({ id, status: 'open' }).update({ signature });
    });
  }

  close(id: number, status: 'done' | 'abandoned', at: Date): Promise<PayoutAttempt | null> {
    return guard(async () => {
      const [row] = await this.db('payout_attempts')
        .where({ id, status: 'open' })
        .update({ status, closed_at: at })
        .returning('*');
      return row ? toAttempt(row as AttemptRow) : null;
    });
  }
}
