import { Model, type RelationMappings } from 'objection';
import { ProductModel } from './product-model';
import { UserModel } from './user-model';

/** A row of `orders`, with its product, buyer and seller. */
export class OrderModel extends Model {
  static override tableName = 'orders';
  static override idColumn = 'id';

  declare id: number;
  declare product_id: number;
  declare buyer_id: number;
  declare seller_id: number;
  declare price: string;
  declare status: string;
  declare transaction_hash: string | null;
  declare escrow_transaction_hash: string | null;
  declare release_transaction_hash: string | null;
  declare refund_transaction_hash: string | null;
  declare tracking_number: string | null;
  declare proof_of_delivery: string | null;
  declare delivery_images: string | null;
  declare uploaded_files: string | null;
  declare buyer_address: string | null;
  declare buyer_email: string | null;
  declare buyer_name: string | null;
  declare created_at: Date;
  declare tracking_uploaded_at: Date | null;
  declare funds_released_at: Date | null;
  declare refunded_at: Date | null;
  declare handling_days: number | null;
  declare ship_by: Date | null;
  declare auto_refund_at: Date | null;
  declare inspection_ends_at: Date | null;
  declare received_at: Date | null;
  declare due_since: Date | null;
  declare due_reason: string | null;

  declare product?: ProductModel | null;
  declare buyer?: UserModel;
  declare seller?: UserModel;

  static override relationMappings = (): RelationMappings => ({
    product: {
      relation: Model.BelongsToOneRelation,
      modelClass: ProductModel,
      join: { from: 'orders.product_id', to: 'products.id' },
    },
    buyer: {
      relation: Model.BelongsToOneRelation,
      modelClass: UserModel,
      join: { from: 'orders.buyer_id', to: 'users.id' },
    },
    seller: {
      relation: Model.BelongsToOneRelation,
      modelClass: UserModel,
      join: { from: 'orders.seller_id', to: 'users.id' },
    },
  });
}
