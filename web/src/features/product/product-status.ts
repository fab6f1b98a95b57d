import type { Product } from '../../../../src/domain/entities';
import type { BadgeTone } from '../../components/ui/badge';

/** Spec section 2: SOLD OUT, DELETED, otherwise the uppercased status. */
export function statusLabel(status: Product['status']): string {
  if (status === 'sold') return 'SOLD OUT';
  if (status === 'deleted') return 'DELETED';
  return status.toUpperCase();
}

/** Spec section 4: active green, sold blue, inactive grey, deleted red. */
export function statusTone(status: Product['status']): BadgeTone {
  if (status === 'active') return 'green';
  if (status === 'sold') return 'blue';
  if (status === 'deleted' || status === 'removed') return 'red';
  return 'grey';
}
