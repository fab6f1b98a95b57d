import { atom } from '@web/state/jotai';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let nextId = 1;
const currentToast = atom<ToastItem | null>(null);

/** The toast on screen: at most one at a time (spec section 9); a new one replaces it. */
export const toastAtom = atom((get) => get(currentToast));

export const showToastAtom = atom(null, (_get, set, input: ToastInput) => {
  set(currentToast, { ...input, id: nextId++, open: true });
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  const toast = get(currentToast);
  if (toast?.id === id) set(currentToast, { ...toast, open: false });
});
