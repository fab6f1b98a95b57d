import { Model } from 'objection';

/** A row of `users`. Properties keep the column names; rows.ts turns them into entities. */
export class UserModel extends Model {
  static override tableName = 'users';
  static override idColumn = 'id';

  declare id: number;
  declare wallet_address: string;
  declare username: string;
  declare created_at: Date;
}
