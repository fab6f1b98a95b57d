import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The order a link asked a dashboard to show (`?order=12`: a notification's), or null. */
export function useAskedOrder(): number | null {
  const [params] = useSearchParams();
  const asked = params.get('order');
  return asked !== null && /^[1-9]\d{0,9}$/.test(asked) ? Number(asked) : null;
}

/** The element id an order's card or row carries, for a link to reach it. */
export const orderAnchor = (orderId: number) => `order-${orderId}`;

/**
 * Once the asked order is on the page (`ready`): scrolled to the middle of the view and focused,
 * so a keyboard or a screen reader lands on it too; once for each ask.
 */
export function useShowAskedOrder(ready: boolean) {
  const asked = useAskedOrder();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || asked === null || shown.current === asked) return;
    const element = document.getElementById(orderAnchor(asked));
    if (!element) return;
    shown.current = asked;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  });
}
