import { useEffect } from 'react';
import { useAtomValue, useStore } from '@web/state/jotai';
import { userIdAtom } from '@web/features/user';
import { openEventStream } from './event-stream';
import { createRefresher } from './refresh-by-topic';

/**
 * One event stream tells the app what changed (the server sends only what this page may know,
 * as topic and id: a visitor hears of products and reviews, a signed-in user also of their
 * orders, messages and notifications); each event marks the affected data stale, and the
 * screens showing it load it again. Signing in or out opens a new stream with the new session.
 * Renders nothing.
 */
export function LiveUpdates() {
  const userId = useAtomValue(userIdAtom);
  const store = useStore();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refresher = createRefresher(store);
    const close = openEventStream({
      onChange: refresher.topic,
      onReset: refresher.everything,
    });
    return () => {
      close();
      refresher.stop();
    };
  }, [userId, store]);
  return null;
}
