/*
 * happy-dom has no EventSource. This one reads the stream with fetch (which msw serves, and its
 * `sse` handlers answer), as a browser's does: the Accept header, event/data/id fields, the
 * Last-Event-ID header on a reconnect, readyState and close(). Installed on import.
 */
class FetchEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  readonly url: string;
  readonly withCredentials: boolean;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  #abort = new AbortController();
  #lastId = '';
  #retry = 50;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = new URL(url, location.href).href;
    this.withCredentials = Boolean(init?.withCredentials);
    void this.#connect();
  }

  close() {
    this.readyState = 2;
    this.#abort.abort();
  }

  #emit(event: Event) {
    this.dispatchEvent(event);
  }

  async #connect() {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (this.#lastId) headers['Last-Event-ID'] = this.#lastId;
    try {
      const response = await fetch(this.url, {
        headers,
        credentials: this.withCredentials ? 'include' : 'same-origin',
        signal: this.#abort.signal,
      });
      if (!response.ok || !response.body) {
        this.readyState = 2;
        this.#emit(new Event('error'));
        return;
      }
      this.readyState = 1;
      this.#emit(new Event('open'));
      await this.#read(response.body);
    } catch {
      // aborted by close(), or the connection failed: a browser tries again below
    }
    if (this.readyState === 2) return;
    this.readyState = 0;
    this.#emit(new Event('error'));
    setTimeout(() => {
      if (this.readyState !== 2) void this.#connect();
    }, this.#retry);
  }

  async #read(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.#dispatchBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  #dispatchBlock(block: string) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') this.#lastId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) this.#retry = Number(value);
    }
    if (data.length === 0) return;
    this.#emit(new MessageEvent(type, { data: data.join('\n'), lastEventId: this.#lastId }));
  }
}

globalThis.EventSource ??= FetchEventSource as unknown as typeof EventSource;
