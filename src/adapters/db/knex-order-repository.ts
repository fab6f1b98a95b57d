import type { Knex } from 'knex';
import type { NewOrder, OrderPatch, OrderRepository } from '../../app/ports';
import type { Order, OrderWithProduct } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import { guard } from './db-errors';
import { toOrder, toSummary, type OrderRow, type SummaryColumns } from './rows';

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
};

function toColumns(input: Partial<NewOrder & OrderPatch>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const column = COLUMNS[key as keyof typeof COLUMNS];
    if (column && value !== undefined) columns[column] = value;
  }
  return columns;
}

type JoinedRow = OrderRow & SummaryColumns;
const withProduct = (r: JoinedRow): OrderWithProduct => ({ ...toOrder(r), product: toSummary(r) });

export class KnexOrderRepository implements OrderRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  /** Orders with their product summary, newest first. */
  private joined() {
    return this.db('orders as o')
      .leftJoin('products as p', 'p.id', 'o.product_id')
      .select('o.*', {
        p_id: 'p.id',
        p_name: 'p.name',
        p_image_url: 'p.image_url',
        p_status: 'p.status',
      })
      .orderBy([
        { column: 'o.created_at', order: 'desc' },
        { column: 'o.id', order: 'desc' },
      ]);
  }

  findById(id: number): Promise<OrderWithProduct | null> {
    return guard(async () => {
      const rows: JoinedRow[] = await this.joined().where('o.id', id);
      return rows[0] ? withProduct(rows[0]) : null;
    });
  }

  findByEscrowSignature(signature: string): Promise<Order | null> {
    return guard(async () => {
      const rows: OrderRow[] = await this.db('orders')
        .where({ escrow_transaction_hash: signature })
        .select('*');
      return rows[0] ? toOrder(rows[0]) : null;
    });
  }

  create(input: NewOrder): Promise<Order> {
    return guard(async () => {
      const rows: OrderRow[] = await this.db('orders').insert(toColumns(input)).returning('*');
      return toOrder(rows[0]!);
    });
  }

  listByBuyer(buyerId: number): Promise<OrderWithProduct[]> {
    return this.list((q) => q.where('o.buyer_id', buyerId));
  }

  listBySeller(sellerId: number): Promise<OrderWithProduct[]> {
    return this.list((q) => q.where('o.seller_id', sellerId));
  }

  listByStatus(statuses: readonly OrderStatus[]): Promise<OrderWithProduct[]> {
    return this.list((q) => q.whereIn('o.status', [...statuses]));
  }

  update(id: number, expected: OrderStatus, patch: OrderPatch): Promise<Order | null> {
    const columns = toColumns(patch);
    return guard(async () => {
      const q = this.db('orders').where({ id, status: expected });
      const rows: OrderRow[] =
        Object.keys(columns).length === 0
          ? await q.select('*')
          : await q.update(columns).returning('*');
      return rows[0] ? toOrder(rows[0]) : null;
    });
  }

  private list(filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder) {
    return guard(async () => {
      const rows: JoinedRow[] = await filter(this.joined());
      return rows.map(withProduct);
    });
  }
}
