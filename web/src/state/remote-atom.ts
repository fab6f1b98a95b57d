import { atom, unwrap, type Atom } from './jotai';

/** Server data for one key: idle (no key yet), loading, ready or failed. */
export type Remote<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T; refreshing: boolean }
  | { status: 'error'; message: string };

type Settled<K, T> =
  { key: K; status: 'ready'; data: T } | { key: K; status: 'error'; message: string };

const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

/**
 * Read-only server data that loads whenever `keyAtom` (a user id, a wallet) or `versionAtom`
 * (a refresh counter) changes. While a refresh for the same key is on its way the old data stays
 * on screen (`refreshing`), so a list never flashes back to its skeleton.
 */
export function remoteAtom<K extends string | number, T>(
  keyAtom: Atom<K | null>,
  versionAtom: Atom<number>,
  load: (key: K) => Promise<T>,
): Atom<Remote<T>> {
  const request = atom(async (get): Promise<Settled<K, T> | null> => {
    const key = get(keyAtom);
    get(versionAtom);
    if (key === null) return null;
    try {
      return { key, status: 'ready', data: await load(key) };
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Request failed';
      return { key, status: 'error', message };
    }
  });
  const settled = unwrap(request, (previous) =>
    previous ? { ...previous, pending: true as const } : null,
  );
  return atom((get): Remote<T> => {
    const key = get(keyAtom);
    const value = get(settled);
    if (key === null) return IDLE;
    if (!value || value.key !== key) return LOADING;
    const refreshing = 'pending' in value;
    if (value.status === 'error') return refreshing ? LOADING : value;
    return { status: 'ready', data: value.data, refreshing };
  });
}
