import type { Store } from '../ports';

/** Whether the database answers (throws when it does not). */
export const health = (deps: { store: Store }) => async () => {
  await deps.store.ping();
  return { ok: true } as const;
};
