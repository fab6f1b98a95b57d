import { useEffect } from 'react';
import { useAtomValue, useStore } from '@web/state/jotai';
import { userIdAtom } from '@web/features/user';
import { openEventStream } from './event-stream';
import { createRefresher } from './refresh-by-topic';

/**
 * While a user is signed in, one event stream tells the app what changed (the server sends only
 * what this user may know, as topic and id); each event marks the affected data stale, and the
 * screens showing it load it again. Renders nothing.
 */
export function LiveUpdates() {
  const userId = useAtomValue(userIdAtom);
  const store = useStore();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
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
