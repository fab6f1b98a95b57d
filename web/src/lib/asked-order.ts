import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The order a link asked a dashboard to show (`?order=12`: a notification's), or null; `ask`
 * tells each following of such a link from the last (the same link followed again is a new ask).
 */
export function useAskedOrder(): { id: number; ask: string } | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const asked = params.get('order');
  return asked !== null && /^[1-9]\d{0,9}$/.test(asked) ? { id: Number(asked), ask: key } : null;
}

/** How long after a link was followed its order is looked for on the page. */
const LOOK_MS = 1500;

/** The element id an order's card or row carries, for a link to reach it. */
export const orderAnchor = (orderId: number) => `order-${orderId}`;

/**
 * Once the asked order is on the page (`ready`): scrolled to the middle of the view, marked
 * (`data-asked`, which its style shows while it has focus) and focused, so a keyboard or a
 * screen reader lands on it too; once for each ask.
 */
export function useShowAskedOrder(ready: boolean) {
  const asked = useAskedOrder();
  // The ask being shown, and since when: it is looked for a moment after it was made, not
  // again whenever the page renders (a card appearing later does not take the focus).
  const shown = useRef<{ ask: string; since: number; done: boolean } | null>(null);
  useEffect(() => {
    if (!ready || asked === null) return;
    if (shown.current?.ask !== asked.ask) {
      shown.current = { ask: asked.ask, since: Date.now(), done: false };
    }
    const current = shown.current;
    if (current.done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The card may mount a render later (a tab's panel opening): look again for a second.
    const show = () => {
      const element = document.getElementById(orderAnchor(asked.id));
      if (!element) {
        if (Date.now() - current.since < LOOK_MS) timer = setTimeout(show, 50);
        else current.done = true;
        return;
      }
      current.done = true;
      for (const before of document.querySelectorAll('[data-asked]')) {
        before.removeAttribute('data-asked');
      }
      element.setAttribute('data-asked', '');
      element.scrollIntoView?.({ block: 'center' });
      element.focus({ preventScroll: true });
    };
    show();
    return () => clearTimeout(timer);
  });
}
