import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { NewOrder, NewSale, OrderPatch, OrderRepository } from '../../app/ports';
import type { ListingAsSold, Order, OrderWithProduct } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import { guard } from './db-errors';
import { wireImageField } from './image-field-sql';
import { OrderModel } from './models/order-model';
import { listToText, readListingAsSold, toOrder, toSummary, type OrderRow } from './rows';

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

/**
 * The columns an order is read back with. Named, not `*`: a prepared statement whose columns
 * changed under it (a later migration adding one while this process runs) fails with "cached
 * plan must not change result type".
 */
const ORDER_COLUMN_NAMES = ['id', 'created_at', ...new Set(Object.values(COLUMNS))];
const ORDER_COLUMNS = ORDER_COLUMN_NAMES.map((c) => `"${c}"`).join(', ');
/**
 * The same columns for the joined lists: not the listing as sold, read only by the thread (a
 * listing's text and photos, kilobytes an order, in every dashboard row otherwise).
 */
const JOINED_COLUMNS = ORDER_COLUMN_NAMES.map((c) => `orders.${c}`);

const saleStatements = new Map<string, { sql: string; name: string }>();

/**
 * A sale's statement (see recordSale), written once for each set of order columns and named: a
 * purchase is the hottest write, and PostgreSQL, or PGlite, then parses and plans it once per
 * connection. Bindings in order: the signature, the product, the order's columns as JSON, the
 * payer, the lamports, the product again, the reason if no unit is left, the escrow account,
 * the seller and the sale's note.
 */
function saleStatement(names: string[]): { sql: string; name: string } {
  const key = names.join(',');
  let statement = saleStatements.get(key);
  if (!statement) {
    const list = names.map((c) => `"${c}"`).join(', ');
    statement = {
      name: `record_sale_${saleStatements.size + 1}`,
      sql: `WITH claim AS (
           INSERT INTO chain_signatures (signature, purpose, order_id)
           VALUES (?, 'payment', NULL) RETURNING signature
         ), unit AS (
           UPDATE products
              SET sold_quantity = sold_quantity + 1,
                  status = CASE WHEN sold_quantity + 1 >= quantity THEN 'sold' ELSE status END
            WHERE id = ? AND status = 'active' AND sold_quantity < quantity
              AND EXISTS (SELECT 1 FROM claim)
           RETURNING id, name AS sold_name, description AS sold_description,
                     condition AS sold_condition, image_url AS sold_image_url
         ), sale AS (
           INSERT INTO orders (${list}, listing_as_sold)
           SELECT ${list},
                  jsonb_build_object('name', sold_name, 'description', sold_description,
                    'condition', sold_condition,
                    'images', coalesce((${wireImageField('sold_image_url')})::jsonb, '[]'::jsonb))
             FROM json_populate_record(NULL::orders, ?::json), unit
           RETURNING ${ORDER_COLUMNS}
         ), ledger AS (
           INSERT INTO payments (signature, payer_wallet, lamports, product_id, order_id,
                                 status, reason, escrow_account)
           SELECT claim.signature, ?::text, ?::bigint, ?::integer, sale.id,
                  CASE WHEN sale.id IS NULL THEN 'refund_due' ELSE 'matched' END,
                  CASE WHEN sale.id IS NULL THEN ?::text END, ?::text
             FROM claim LEFT JOIN sale ON true
         ), note AS (
           INSERT INTO notifications (user_id, kind, order_id, text)
           SELECT ?::integer, 'sale', sale.id, ?::text FROM sale
         )
         SELECT * FROM sale`,
    };
    saleStatements.set(key, statement);
  }
  return statement;
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
      .select(JOINED_COLUMNS)
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
      const order = await this.orders()
        .select(ORDER_COLUMN_NAMES)
        .findOne({ escrow_transaction_hash: signature });
      return order ? toOrder(order) : null;
    });
  }

  create(input: NewOrder): Promise<Order> {
    return guard(async () =>
      toOrder(await this.orders().insert(toColumns(input)).returning(ORDER_COLUMN_NAMES)),
    );
  }

  /**
   * One statement (one round trip, atomic without a transaction of its own): each step is a
   * data-modifying CTE fed by the one before, so a sold-out product stores the claim and a
   * refund-due payment, and a claimed signature fails the whole statement. Concurrent sales of
   * one product queue on its row (the UPDATE re-checks stock after the lock, read committed).
   * The sell-out is `statusAfterSale`'s rule: an active product whose last unit is taken.
   */
  recordSale(sale: NewSale): Promise<Order | null> {
    const columns = toColumns(sale.order);
    const { productId, sellerId } = sale.order;
    const { sql, name } = saleStatement(Object.keys(columns));
    return guard(async () => {
      // The order's values arrive as one JSON object typed by the orders row itself.
      const result = await this.db
        .raw(sql, [
          sale.signature,
          productId,
          JSON.stringify(columns),
          sale.payerWallet,
          sale.lamports.toString(),
          productId,
          sale.unavailableReason,
          sale.escrowAccount,
          sellerId,
          sale.note,
        ])
        .options({ name });
      const [row] = (result as { rows: OrderRow[] }).rows;
      return row ? toOrder(row) : null;
    });
  }

  listingAsSold(orderId: number): Promise<ListingAsSold | null> {
    return guard(async () => {
      const row = (await this.db('orders').where({ id: orderId }).first('listing_as_sold')) as
        { listing_as_sold: unknown } | undefined;
      return readListingAsSold(row?.listing_as_sold);
    });
  }

  imagesSoldWith(productId: number): Promise<string[]> {
    return guard(async () => {
      const rows: { image: string }[] = await this.db('orders')
        .distinct(this.db.raw("jsonb_array_elements_text(listing_as_sold -> 'images') AS image"))
        .where({ product_id: productId })
        .whereNotNull('listing_as_sold');
      return rows.map((r) => r.image);
    });
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
        .select(JOINED_COLUMNS)
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
          ? await q.select(ORDER_COLUMN_NAMES)
          : await q.update(columns).returning(ORDER_COLUMN_NAMES);
      return rows[0] ? toOrder(rows[0]) : null;
    });
  }

  private list(query: QueryBuilder<OrderModel>): Promise<OrderWithProduct[]> {
    return guard(async () => (await query).map(withProduct));
  }
}
