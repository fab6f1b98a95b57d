import type { SignaturePurpose, SignatureRegistry } from '../../app/ports';
import { missingReference, uniqueViolation } from '../schema/constraint-errors';
import { checks, int4, required } from './columns';
import type { Scope } from './memory-database';
import { frozen } from './tables';

const PURPOSES: readonly string[] = [
  'payment',
  'release',
  'refund',
  'split',
] satisfies SignaturePurpose[];

/** One transaction signature settles one thing only: the signature is the key. */
export class MemorySignatureRegistry implements SignatureRegistry {
  constructor(private readonly scope: Scope) {}

  claim(signature: string, purpose: SignaturePurpose, orderId: number | null): Promise<void> {
    return this.scope.write((tables) => {
      required(signature, 'chain_signatures');
      required(purpose, 'chain_signatures');
      checks({ chain_signatures_purpose_valid: PURPOSES.includes(purpose) });
      if (tables.signatures.has(signature)) throw uniqueViolation('chain_signatures_pkey');
      if (orderId !== null && !tables.orders.has(int4(orderId))) {
        throw missingReference('order_id', 'chain_signatures_order_id_fkey');
      }
      tables.signatures.set(signature, frozen({ signature, purpose, orderId }));
    });
  }

  async find(
    signature: string,
  ): Promise<{ purpose: SignaturePurpose; orderId: number | null } | null> {
    const row = this.scope.read().signatures.get(signature);
    return row ? { purpose: row.purpose, orderId: row.orderId } : null;
  }
}
