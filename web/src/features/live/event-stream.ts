import { EVENT_TOPICS, type EventTopic } from '@src/domain/entities';

export const EVENTS_URL = '/api/events';
/**
 * After the browser gave up (the server refused or vanished), try again this much later,
 * doubling while it keeps refusing (a 429 for too many tabs) up to a minute.
 */
export const REOPEN_MS = 3000;
const REOPEN_MAX_MS = 60_000;

export interface StreamHandlers {
  onChange: (topic: EventTopic) => void;
  /** The server could not replay what was missed, or the stream had to be opened anew. */
  onReset: () => void;
}

function topicOf(data: string): EventTopic | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (!parsed || typeof parsed !== 'object' || !('topic' in parsed)) return null;
    const { topic } = parsed;
    return (EVENT_TOPICS as readonly unknown[]).includes(topic) ? (topic as EventTopic) : null;
  } catch {
    return null;
  }
}

/**
 * One EventSource on GET /api/events. The browser reconnects by itself and sends Last-Event-ID,
 * so the server replays what was missed; when the browser gives up (the stream closed for
 * good), a new one opens later with `?lastEventId=` of the last event seen. Returns a closer.
 */
export function openEventStream(handlers: StreamHandlers): () => void {
  let source: EventSource | null = null;
  let lastId = '';
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let delay = REOPEN_MS;

  const open = () => {
    const url = lastId ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(lastId)}` : EVENTS_URL;
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener('change', (event) => {
      lastId = event.lastEventId || lastId;
      const topic = topicOf(event.data as string);
      if (topic) handlers.onChange(topic);
    });
    current.addEventListener('reset', (event) => {
      lastId = event.lastEventId || lastId;
      handlers.onReset();
    });
    current.addEventListener('ready', (event) => {
      lastId = event.lastEventId || lastId;
      delay = REOPEN_MS;
    });
    current.addEventListener('error', () => {
      if (closed || current.readyState !== EventSource.CLOSED) return;
      reopen = setTimeout(() => {
        reopen = null;
        if (!closed) open();
      }, delay);
      delay = Math.min(delay * 2, REOPEN_MAX_MS);
    });
  };
  open();
  return () => {
    closed = true;
    if (reopen) clearTimeout(reopen);
    source?.close();
  };
}
