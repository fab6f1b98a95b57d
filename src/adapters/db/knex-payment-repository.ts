import type { Knex } from 'knex';
import { raw, type PartialModelObject } from 'objection';
import type { NewPayment, PaymentRepository, RefundReservation } from '../../app/ports';
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

  update(
    signature: string,
    patch: PaymentPatch,
    expected?: PaymentStatus,
  ): Promise<Payment | null> {
    const columns: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(PATCH_COLUMNS)) {
      const value = patch[key as keyof PaymentPatch];
      if (value !== undefined) columns[column] = value;
    }
    // The first time it is refunded, the database's clock stamps it (as it does created_at).
    if (patch.status === 'refunded') columns.refunded_at = raw('coalesce(refunded_at, now())');
    const where = expected === undefined ? { signature } : { signature, status: expected };
    return guard(async () => {
      if (Object.keys(columns).length === 0) {
        const row = await this.payments().where(where).first();
        return row ? toPayment(row) : null;
      }
      // The status guard and the change in one statement: of two at once, one finds it moved.
      const rows = await this.payments()
        .patch(columns as PartialModelObject<PaymentModel>)
        .where(where)
        .returning('*');
      return rows[0] ? toPayment(rows[0]) : null;
    });
  }

  refundReservation(signature: string): Promise<RefundReservation | null> {
    return guard(async () => {
      const row = await this.db('payments')
        .where({ signature })
        .first<{ refund_reference: string | null; refund_valid_until: bigint | string | null }>(
          'refund_reference',
          'refund_valid_until',
        );
      if (!row?.refund_reference || row.refund_valid_until == null) return null;
      return {
        reference: row.refund_reference,
        lastValidBlockHeight: BigInt(row.refund_valid_until),
      };
    });
  }

  reserveRefund(
    signature: string,
    next: RefundReservation,
    replacing: string | null,
  ): Promise<boolean> {
    return guard(async () => {
      // One statement: still due, and still holding the reservation it replaces (of two at
      // once, the second finds the first's reference there and changes nothing).
      const changed = await this.db('payments')
        .where({ signature, status: 'refund_due' })
        .whereRaw('refund_reference IS NOT DISTINCT FROM ?', [replacing])
        .update({
          refund_reference: next.reference,
          refund_valid_until: next.lastValidBlockHeight.toString(),
        });
      return changed === 1;
    });
  }
}
