import type { Caller } from '../context';
import type { Store } from '../ports';
import { loadOrder } from './load-order';
import { disputantOf } from './open-dispute';
import { writerOf } from './post-message';
import { shipperOf } from './upload-tracking';

/** The calls that send files to an order. */
export type FilesTo = 'tracking' | 'dispute' | 'message';

/**
 * Asked before an order's files are read (they are large): the caller may send them to this
 * order by the call's own rule, refused with the same answer the call itself would give.
 */
export function admitFiles(deps: { store: Store }) {
  const rule = { tracking: shipperOf, dispute: disputantOf, message: writerOf };
  return async (caller: Caller | null, id: number, to: FilesTo) => {
    rule[to](caller, await loadOrder(deps.store, id));
  };
}
