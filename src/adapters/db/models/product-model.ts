import { Model, type Modifiers, type RelationMappings } from 'objection';
import { UserModel } from './user-model';

/** A row of `products`, with its seller. */
export class ProductModel extends Model {
  static override tableName = 'products';
  static override idColumn = 'id';

  declare id: number;
  declare name: string;
  declare description: string;
  declare price: string;
  declare category: string;
  declare condition: string;
  declare seller_id: number;
  declare status: string;
  declare location: string | null;
  declare image_url: string | null;
  declare requires_address: boolean;
  declare requires_email: boolean;
  declare requires_name: boolean;
  declare quantity: number;
  declare sold_quantity: number;
  declare handling_days: number;
  declare created_at: Date;

  declare seller?: UserModel;

  static override relationMappings = (): RelationMappings => ({
    seller: {
      relation: Model.BelongsToOneRelation,
      modelClass: UserModel,
      join: { from: 'products.seller_id', to: 'users.id' },
    },
  });

  static override modifiers: Modifiers = {
    /** What an order shows of its product (rows.ts toSummary). */
    summary: (query) => query.select('id', 'name', 'image_url', 'status'),
  };
}
