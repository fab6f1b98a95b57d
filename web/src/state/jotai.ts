/**
 * The one door to jotai (STYLE.md: all jotai access through one local module). Atoms are
 * declared with `atom` from here; components read them with the hooks below; code outside
 * React writes through the store it is given.
 */
export {
  atom,
  createStore,
  Provider as JotaiProvider,
  useAtom,
  useAtomValue,
  useSetAtom,
  useStore,
} from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
export { unwrap, atomWithReset, RESET } from 'jotai/utils';

import type { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;
