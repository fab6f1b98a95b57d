import type { NewOrder, NewSale, OrderPatch, OrderRepository, Repositories } from '../../app/ports';
import type { ListingAsSold, Order, OrderWithProduct } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import { int4, timestamp } from './columns';
import { emit } from './memory-events';
import { recordSaleInSteps } from './memory-sale';
import type { MemoryDatabase, Scope } from './memory-database';
import {
  checkedOrder,
  newOrderRow,
  orderCopy,
  orderOnly,
  orderValues,
  setsAnything,
} from './order-rows';
import { frozen, newestFirst, type OrderRow, type Tables } from './tables';

export class MemoryOrderRepository implements OrderRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
    /** Runs several steps as one: in a transaction of their own, or the one this scope is. */
    private readonly oneStep: <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>,
  ) {}

  recordSale(sale: NewSale): Promise<Order | null> {
    return this.oneStep((repos) =>
      recordSaleInSteps(repos, sale, (orderId, listing) =>
        // The transaction's own order repository: kept with the rest of the sale, or not at all.
        (repos.orders as MemoryOrderRepository).keepListingAsSold(orderId, listing),
      ),
    );
  }

  /** recordSale's step that keeps the listing as sold (the knex store's sale does it in SQL). */
  keepListingAsSold(orderId: number, listing: ListingAsSold): Promise<void> {
    return this.scope.write((tables) => {
      tables.listingsAsSold.set(orderId, frozen({ ...listing, images: [...listing.images] }));
    });
  }

  async listingAsSold(orderId: number): Promise<ListingAsSold | null> {
    const kept = this.scope.read().listingsAsSold.get(int4(orderId));
    return kept ? { ...kept, images: [...kept.images] } : null;
  }

  async imagesSoldWith(productId: number): Promise<string[]> {
    const tables = this.scope.read();
    const images = new Set<string>();
    for (const [orderId, listing] of tables.listingsAsSold) {
      if (tables.orders.get(orderId)?.productId !== int4(productId)) continue;
      for (const image of listing.images) images.add(image);
    }
    return [...images];
  }

  async findById(id: number): Promise<OrderWithProduct | null> {
    const tables = this.scope.read();
    const row = tables.orders.get(int4(id));
    return row ? orderCopy(row, tables) : null;
  }

  async findByEscrowSignature(signature: string): Promise<Order | null> {
    const found = this.where((o) => o.escrowTransactionHash === signature)[0];
    return found ? orderOnly(found) : null;
  }

  create(input: NewOrder): Promise<Order> {
    return this.scope.write((tables) => {
      const values = orderValues(input);
      const id = this.db.nextId('orders');
      const order = checkedOrder(newOrderRow(values, id, timestamp(this.scope.now())), tables);
      tables.orders.set(id, order);
      this.event(tables, order);
      return orderOnly(order);
    });
  }

  async listByBuyer(buyerId: number): Promise<OrderWithProduct[]> {
    return this.listed((o) => o.buyerId === int4(buyerId));
  }

  async listBySeller(sellerId: number): Promise<OrderWithProduct[]> {
    return this.listed((o) => o.sellerId === int4(sellerId));
  }

  async listByStatus(statuses: readonly OrderStatus[]): Promise<OrderWithProduct[]> {
    return this.listed((o) => statuses.includes(o.status));
  }

  async listDueCandidates(now: Date): Promise<OrderWithProduct[]> {
    const passed = (iso: string | null) => iso !== null && Date.parse(iso) <= now.getTime();
    const tables = this.scope.read();
    return [...tables.orders.values()]
      .filter(
        (o) =>
          o.status === 'release_due' ||
          o.status === 'refund_due' ||
          (o.status === 'tracking_uploaded' && passed(o.inspectionEndsAt)) ||
          (o.status === 'escrow_held' && passed(o.autoRefundAt)),
      )
      .sort((a, b) => a.id - b.id)
      .map((row) => orderCopy(row, tables));
  }

  update(id: number, expected: OrderStatus, patch: OrderPatch): Promise<Order | null> {
    const guarded = (tables: Tables) => {
      const current = tables.orders.get(int4(id));
      return current?.status === expected ? current : null;
    };
    if (!setsAnything(patch)) {
      return this.read((tables) => {
        const current = guarded(tables);
        return current && orderOnly(current);
      });
    }
    return this.scope.write((tables) => {
      const values = orderValues(patch);
      const current = guarded(tables);
      if (!current) return null;
      const order = checkedOrder({ ...current, ...values } as OrderRow, tables);
      tables.orders.set(order.id, order);
      this.event(tables, order);
      return orderOnly(order);
    });
  }

  /** As the orders trigger: the buyer, the seller and admins hear of every change. */
  private event(tables: Tables, order: Readonly<OrderRow>) {
    emit(this.db, this.scope, tables, {
      topic: 'order',
      subjectId: order.id,
      userIds: [order.buyerId, order.sellerId],
      admins: true,
      public: false,
    });
  }

  private async read<T>(query: (tables: Tables) => T): Promise<T> {
    return query(this.scope.read());
  }

  /** Rows matching `keep`, newest first. */
  private where(keep: (o: Readonly<OrderRow>) => boolean) {
    return [...this.scope.read().orders.values()].filter(keep).sort(newestFirst);
  }

  private listed(keep: (o: Readonly<OrderRow>) => boolean): OrderWithProduct[] {
    const tables = this.scope.read();
    return this.where(keep).map((row) => orderCopy(row, tables));
  }
}
