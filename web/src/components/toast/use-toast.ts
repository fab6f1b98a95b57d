import { useSetAtom } from '@web/state/jotai';
import { showToastAtom } from './toast-atoms';

/** `toast({ title, description, variant: 'destructive' })` shows one toast for 5 seconds. */
export function useToast() {
  return { toast: useSetAtom(showToastAtom) };
}
