import { atom } from './jotai';

const productsVersion = atom(0);
const ordersVersion = atom(0);

/** Read inside an atom to refetch it whenever products change (listing, purchase, deletion). */
export const productsVersionAtom = atom((get) => get(productsVersion));
/** Read inside an atom to refetch it whenever orders change (purchase, tracking, release). */
export const ordersVersionAtom = atom((get) => get(ordersVersion));

/** Marks product data stale: every atom that reads productsVersionAtom fetches again. */
export const refreshProductsAtom = atom(null, (_get, set) => set(productsVersion, (v) => v + 1));
/** Marks order data stale: every atom that reads ordersVersionAtom fetches again. */
export const refreshOrdersAtom = atom(null, (_get, set) => set(ordersVersion, (v) => v + 1));
