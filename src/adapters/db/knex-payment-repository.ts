import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import type { NewPayment, PaymentRepository } from '../../app/ports';
import type { Payment, PaymentStatus } from '../../domain/entities';
import { guard } from './db-errors';
import { PaymentModel } from './models/payment-model';
import { toPayment } from './rows';

type PaymentPatch = Partial<Pick<Payment, 'orderId' | 'status' | 'reason' | 'refundSignature'>>;

const PATCH_COLUMNS: Record<keyof PaymentPatch, keyof PaymentModel> = {
  orderId: 'order_id',
  status: 'status',
  reason: 'reason',
  refundSignature: 'refund_signature',
};

/** The ledger of verified incoming escrow payments, oldest first. */
export class KnexPaymentRepository implements PaymentRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  /** Every model query runs on `db` (the knex or this repository's transaction). */
  private payments() {
    return PaymentModel.query(this.db);
  }

  private oldestFirst() {
    return this.payments().orderBy('created_at', 'asc').orderBy('id', 'asc');
  }

  record(input: NewPayment): Promise<Payment> {
    return guard(async () => {
      const row = await this.payments()
        .insert({
          signature: input.signature,
          payer_wallet: input.payerWallet,
          lamports: input.lamports,
          product_id: input.productId,
          order_id: input.orderId,
          status: input.status,
          reason: input.reason,
          escrow_account: input.escrowAccount ?? null,
        })
        .returning('*');
      return toPayment(row);
    });
  }

  findBySignature(signature: string): Promise<Payment | null> {
    return guard(async () => {
      const row = await this.payments().findOne({ signature });
      return row ? toPayment(row) : null;
    });
  }

  listByStatus(status: PaymentStatus): Promise<Payment[]> {
    return guard(async () => (await this.oldestFirst().where({ status })).map(toPayment));
  }

  listByPayer(wallet: string): Promise<Payment[]> {
    return guard(async () =>
      (await this.oldestFirst().where({ payer_wallet: wallet })).map(toPayment),
    );
  }

  list(): Promise<Payment[]> {
    return guard(async () => (await this.oldestFirst()).map(toPayment));
  }

  update(signature: string, patch: PaymentPatch): Promise<Payment | null> {
    const columns: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(PATCH_COLUMNS)) {
      const value = patch[key as keyof PaymentPatch];
      if (value !== undefined) columns[column] = value;
    }
    if (Object.keys(columns).length === 0) return this.findBySignature(signature);
    return guard(async () => {
      const rows = await this.payments()
        .patch(columns as PartialModelObject<PaymentModel>)
        .where({ signature })
        .returning('*');
      return rows[0] ? toPayment(rows[0]) : null;
    });
  }
}
