/** One server-sent event as a client reads it. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/**
 * A client of GET /api/events over real HTTP (fetch with a streamed body): collects events and
 * waits for the ones a test expects.
 */
export async function openEvents(
  url: string,
  opts: { cookie?: string | null; lastEventId?: string } = {},
) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(`${url}/api/events`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let serverEnded = () => {};
  /** Resolves when the server ends the stream (not when this client closes it). */
  const ended = new Promise<void>((resolve) => (serverEnded = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          serverEnded();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => {
                const colon = line.indexOf(':');
                return [line.slice(0, colon), line.slice(colon + 1).trimStart()];
              }),
          );
          if (!fields.data && !fields.event) continue;
          events.push({
            id: fields.id ?? null,
            event: fields.event ?? 'message',
            data: fields.data ? JSON.parse(fields.data) : null,
          });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      /* aborted */
    }
  })();

  /** The first event (after `from`) that `match` accepts, or a timeout error. */
  async function next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    next,
    ended,
    close: () => controller.abort(),
  };
}
