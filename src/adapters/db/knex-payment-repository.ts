import type { Knex } from 'knex';
import type { NewPayment, PaymentRepository } from '../../app/ports';
import type { Payment, PaymentStatus } from '../../domain/entities';
import { guard } from './db-errors';
import { toPayment, type PaymentRow } from './rows';

type PaymentPatch = Partial<Pick<Payment, 'orderId' | 'status' | 'reason' | 'refundSignature'>>;

const PATCH_COLUMNS: Record<keyof PaymentPatch, string> = {
  orderId: 'order_id',
  status: 'status',
  reason: 'reason',
  refundSignature: 'refund_signature',
};

const oldestFirst = [
  { column: 'created_at', order: 'asc' as const },
  { column: 'id', order: 'asc' as const },
];

/** The ledger of verified incoming escrow payments, oldest first. */
export class KnexPaymentRepository implements PaymentRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  record(input: NewPayment): Promise<Payment> {
    return guard(async () => {
      const rows: PaymentRow[] = await this.db('payments')
        .insert({
          signature: input.signature,
          payer_wallet: input.payerWallet,
          lamports: input.lamports.toString(),
          product_id: input.productId,
          order_id: input.orderId,
          status: input.status,
          reason: input.reason,
        })
        .returning('*');
      return toPayment(rows[0]!);
    });
  }

  findBySignature(signature: string): Promise<Payment | null> {
    return guard(async () => {
      const rows: PaymentRow[] = await this.db('payments').where({ signature }).select('*');
      return rows[0] ? toPayment(rows[0]) : null;
    });
  }

  listByStatus(status: PaymentStatus): Promise<Payment[]> {
    return guard(async () => {
      const rows: PaymentRow[] = await this.db('payments')
        .where({ status })
        .select('*')
        .orderBy(oldestFirst);
      return rows.map(toPayment);
    });
  }

  list(): Promise<Payment[]> {
    return guard(async () => {
      const rows: PaymentRow[] = await this.db('payments').select('*').orderBy(oldestFirst);
      return rows.map(toPayment);
    });
  }

  update(signature: string, patch: PaymentPatch): Promise<Payment | null> {
    const columns: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(PATCH_COLUMNS)) {
      const value = patch[key as keyof PaymentPatch];
      if (value !== undefined) columns[column] = value;
    }
    if (Object.keys(columns).length === 0) return this.findBySignature(signature);
    return guard(async () => {
      const rows: PaymentRow[] = await this.db('payments')
        .where({ signature })
        .update(columns)
        .returning('*');
      return rows[0] ? toPayment(rows[0]) : null;
    });
  }
}
