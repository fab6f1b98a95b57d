import { useRef } from 'react';

/**
 * The WAI-ARIA dialog pattern: when a dialog closes, focus goes back to what opened it. Radix
 * does this only for its own Trigger; our dialogs open from state (a card, a row's button), so
 * the element focused when `open` turned true is remembered and focused again on close.
 * Answers the handler for Radix's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
