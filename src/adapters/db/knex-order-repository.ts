import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { NewOrder, OrderPatch, OrderRepository } from '../../app/ports';
import type { Order, OrderWithProduct } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import { guard } from './db-errors';
import { OrderModel } from './models/order-model';
import { listToText, toOrder, toSummary, type OrderRow } from './rows';

const COLUMNS: Record<keyof NewOrder | keyof OrderPatch, string> = {
  productId: 'product_id',
  buyerId: 'buyer_id',
  sellerId: 'seller_id',
  price: 'price',
  status: 'status',
  transactionHash: 'transaction_hash',
  escrowTransactionHash: 'escrow_transaction_hash',
  releaseTransactionHash: 'release_transaction_hash',
  refundTransactionHash: 'refund_transaction_hash',
  trackingNumber: 'tracking_number',
  proofOfDelivery: 'proof_of_delivery',
  deliveryImages: 'delivery_images',
  uploadedFiles: 'uploaded_files',
  buyerAddress: 'buyer_address',
  buyerEmail: 'buyer_email',
  buyerName: 'buyer_name',
  trackingUploadedAt: 'tracking_uploaded_at',
  fundsReleasedAt: 'funds_released_at',
  refundedAt: 'refunded_at',
  handlingDays: 'handling_days',
  shipBy: 'ship_by',
  autoRefundAt: 'auto_refund_at',
  inspectionEndsAt: 'inspection_ends_at',
  receivedAt: 'received_at',
  dueSince: 'due_since',
  dueReason: 'due_reason',
};

function toColumns(input: Partial<NewOrder & OrderPatch>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const column = COLUMNS[key as keyof typeof COLUMNS];
    if (column && value !== undefined)
      columns[column] = Array.isArray(value) ? listToText(value) : value;
  }
  return columns;
}

const withProduct = (o: OrderModel): OrderWithProduct => ({
  ...toOrder(o),
  product: toSummary(o.product),
});

export class KnexOrderRepository implements OrderRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  /** Every model query runs on `db` (the knex or this repository's transaction). */
  private orders() {
    return OrderModel.query(this.db);
  }

  /** Orders with their product summary (one LEFT JOIN via the `product` relation), newest first. */
  private joined() {
    return this.orders()
      .withGraphJoined('product(summary)')
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc');
  }

  findById(id: number): Promise<OrderWithProduct | null> {
    return guard(async () => {
      const order = await this.joined().findById(id);
      return order ? withProduct(order) : null;
    });
  }

  findByEscrowSignature(signature: string): Promise<Order | null> {
    return guard(async () => {
      const order = await this.orders().findOne({ escrow_transaction_hash: signature });
      return order ? toOrder(order) : null;
    });
  }

  create(input: NewOrder): Promise<Order> {
    return guard(async () => toOrder(await this.orders().insert(toColumns(input)).returning('*')));
  }

  listByBuyer(buyerId: number): Promise<OrderWithProduct[]> {
    return this.list(this.joined().where('orders.buyer_id', buyerId));
  }

  listBySeller(sellerId: number): Promise<OrderWithProduct[]> {
    return this.list(this.joined().where('orders.seller_id', sellerId));
  }

  listByStatus(statuses: readonly OrderStatus[]): Promise<OrderWithProduct[]> {
    return this.list(this.joined().whereIn('orders.status', [...statuses]));
  }

  listDueCandidates(now: Date): Promise<OrderWithProduct[]> {
    return this.list(
      this.orders()
        .withGraphJoined('product(summary)')
        .where((w) =>
          w
            .whereIn('orders.status', ['release_due', 'refund_due'])
            .orWhere((q) =>
              q
                .where('orders.status', 'tracking_uploaded')
                .where('orders.inspection_ends_at', '<=', now),
            )
            .orWhere((q) =>
              q.where('orders.status', 'escrow_held').where('orders.auto_refund_at', '<=', now),
            ),
        )
        .orderBy('orders.id', 'asc'),
    );
  }

  update(id: number, expected: OrderStatus, patch: OrderPatch): Promise<Order | null> {
    const columns = toColumns(patch);
    return guard(async () => {
      // Plain knex: the status guard and RETURNING in one statement, as the port promises.
      const q = this.db(OrderModel.tableName).where({ id, status: expected });
      const rows: OrderRow[] =
        Object.keys(columns).length === 0
          ? await q.select('*')
          : await q.update(columns).returning('*');
      return rows[0] ? toOrder(rows[0]) : null;
    });
  }

  private list(query: QueryBuilder<OrderModel>): Promise<OrderWithProduct[]> {
    return guard(async () => (await query).map(withProduct));
  }
}
