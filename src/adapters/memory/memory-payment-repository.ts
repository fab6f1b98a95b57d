import type { NewPayment, PaymentRepository, RefundReservation } from '../../app/ports';
import { PAYMENT_STATUSES, type Payment, type PaymentStatus } from '../../domain/entities';
import { missingReference, uniqueViolation } from '../schema/constraint-errors';
import { checks, int4, int8, required, timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { frozen, type Tables } from './tables';

type PaymentPatch = Partial<Pick<Payment, 'orderId' | 'status' | 'reason' | 'refundSignature'>>;
const PATCHABLE = ['orderId', 'status', 'reason', 'refundSignature'] as const;

const orNull = (id: number | null | undefined) => (id == null ? null : int4(id));

const oldestFirst = (a: Payment, b: Payment) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/** The row as the payments table lets it be stored, or the error PostgreSQL would raise. */
function checked(row: Payment, tables: Tables): Readonly<Payment> {
  for (const key of ['signature', 'payerWallet', 'lamports', 'status'] as const) {
    required(row[key], 'payments');
  }
  checks({
    payments_lamports_positive: row.lamports > 0n,
    payments_status_valid: (PAYMENT_STATUSES as readonly string[]).includes(row.status),
  });
  const others = [...tables.payments.values()].filter((p) => p.id !== row.id);
  if (others.some((p) => p.signature === row.signature)) {
    throw uniqueViolation('payments_signature_key');
  }
  if (
    row.refundSignature !== null &&
    others.some((p) => p.refundSignature === row.refundSignature)
  ) {
    throw uniqueViolation('payments_refund_signature_key');
  }
  if (row.escrowAccount !== null && others.some((p) => p.escrowAccount === row.escrowAccount)) {
    throw uniqueViolation('payments_escrow_account_key');
  }
  if (row.productId !== null && !tables.products.has(row.productId)) {
    throw missingReference('product_id', 'payments_product_id_fkey');
  }
  if (row.orderId !== null && !tables.orders.has(row.orderId)) {
    throw missingReference('order_id', 'payments_order_id_fkey');
  }
  return frozen(row);
}

/** The ledger of verified incoming escrow payments, oldest first. */
export class MemoryPaymentRepository implements PaymentRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  record(input: NewPayment): Promise<Payment> {
    return this.scope.write((tables) => {
      // The parameters' types first, then the id, then the constraints, as in PostgreSQL.
      const lamports = int8(input.lamports);
      const productId = orNull(input.productId);
      const orderId = orNull(input.orderId);
      const id = this.db.nextId('payments');
      const payment = checked(
        {
          id,
          signature: input.signature,
          payerWallet: input.payerWallet,
          lamports,
          productId,
          orderId,
          status: input.status,
          reason: input.reason ?? null,
          refundSignature: null,
          escrowAccount: input.escrowAccount ?? null,
          createdAt: timestamp(this.scope.now()),
          refundedAt: null,
        },
        tables,
      );
      tables.payments.set(id, payment);
      return { ...payment };
    });
  }

  async findBySignature(signature: string): Promise<Payment | null> {
    const found = this.all().find((p) => p.signature === signature);
    return found ? { ...found } : null;
  }

  async listByStatus(status: PaymentStatus): Promise<Payment[]> {
    return this.all().filter((p) => p.status === status);
  }

  async listByPayer(wallet: string): Promise<Payment[]> {
    return this.all().filter((p) => p.payerWallet === wallet);
  }

  async list(): Promise<Payment[]> {
    return this.all();
  }

  async update(
    signature: string,
    patch: PaymentPatch,
    expected?: PaymentStatus,
  ): Promise<Payment | null> {
    const changes: PaymentPatch = {};
    for (const key of PATCHABLE)
      if (patch[key] !== undefined) Object.assign(changes, { [key]: patch[key] });
    if (Object.keys(changes).length === 0) {
      const found = await this.findBySignature(signature);
      return found && (expected === undefined || found.status === expected) ? found : null;
    }
    return this.scope.write((tables) => {
      if (changes.orderId !== undefined) changes.orderId = orNull(changes.orderId);
      const current = [...tables.payments.values()].find((p) => p.signature === signature);
      if (!current || (expected !== undefined && current.status !== expected)) return null;
      // The first time it is refunded, stamped with now() as PostgreSQL would.
      const refundedAt =
        changes.status === 'refunded' && current.refundedAt === null
          ? timestamp(this.scope.now())
          : current.refundedAt;
      const payment = checked({ ...current, ...changes, refundedAt }, tables);
      tables.payments.set(payment.id, payment);
      return { ...payment };
    });
  }

  async refundReservation(signature: string): Promise<RefundReservation | null> {
    const found = this.scope.read().refundReservations.get(signature);
    return found ? { ...found } : null;
  }

  reserveRefund(
    signature: string,
    next: RefundReservation,
    replacing: string | null,
  ): Promise<boolean> {
    return this.scope.write((tables) => {
      const payment = [...tables.payments.values()].find((p) => p.signature === signature);
      if (payment?.status !== 'refund_due') return false;
      const held = tables.refundReservations.get(signature)?.reference ?? null;
      if (held !== replacing) return false;
      tables.refundReservations.set(
        signature,
        frozen({ ...next, lastValidBlockHeight: int8(next.lastValidBlockHeight) }),
      );
      return true;
    });
  }

  /** Copies of every payment, oldest first. */
  private all(): Payment[] {
    return [...this.scope.read().payments.values()].sort(oldestFirst).map((p) => ({ ...p }));
  }
}
