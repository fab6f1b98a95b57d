import type { Knex } from 'knex';
import type { SignaturePurpose, SignatureRegistry } from '../../app/ports';
import { guard } from './db-errors';

/** chain_signatures: its primary key lets one transaction signature settle one thing only. */
export class KnexSignatureRegistry implements SignatureRegistry {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  claim(signature: string, purpose: SignaturePurpose, orderId: number | null): Promise<void> {
    return guard(async () => {
      await this.db('chain_signatures').insert({ signature, purpose, order_id: orderId });
    });
  }

  find(signature: string): Promise<{ purpose: SignaturePurpose; orderId: number | null } | null> {
    return guard(async () => {
      const rows: { purpose: SignaturePurpose; order_id: number | null }[] = await this.db(
        'chain_signatures',
      )
        .where({ signature })
        .select('purpose', 'order_id');
      return rows[0] ? { purpose: rows[0].purpose, orderId: rows[0].order_id } : null;
    });
  }
}
