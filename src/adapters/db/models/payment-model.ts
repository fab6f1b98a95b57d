import { Model, type Pojo } from 'objection';

/** A row of the `payments` ledger. */
export class PaymentModel extends Model {
  static override tableName = 'payments';
  static override idColumn = 'id';

  declare id: number;
  declare signature: string;
  declare payer_wallet: string;
  declare lamports: bigint;
  declare product_id: number | null;
  declare order_id: number | null;
  declare status: string;
  declare reason: string | null;
  declare refund_signature: string | null;
  declare escrow_account: string | null;
  declare refund_reference: string | null;
  declare refund_valid_until: bigint | null;
  declare created_at: Date;
  declare refunded_at: Date | null;

  // pg cannot bind a bigint parameter: lamports leave as decimal text (they come back as
  // bigint through the int8 parser both drivers share).
  override $formatDatabaseJson(json: Pojo): Pojo {
    const row = super.$formatDatabaseJson(json);
    if (typeof row.lamports === 'bigint') row.lamports = row.lamports.toString();
    return row;
  }
}
