import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, REOPEN_MS } from '@web/features/live/event-stream';

/** An EventSource the test drives: it refuses (closes for good) or says ready on command. */
class ScriptedSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: ScriptedSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    ScriptedSource.opened.push(this);
  }
  refuse() {
    this.readyState = ScriptedSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  ready() {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent('ready', { data: '{}', lastEventId: '5' }));
  }
  close() {
    this.readyState = ScriptedSource.CLOSED;
  }
}

beforeEach(() => {
  ScriptedSource.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', ScriptedSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live stream when the server keeps refusing it', () => {
  it('tries again later and later (doubling up to a minute), and soon again once it was let in', () => {
    const close = openEventStream({ onChange: () => {}, onReset: () => {} });
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const count = ScriptedSource.opened.length;
      ScriptedSource.opened.at(-1)!.refuse();
      const before = Date.now();
      while (ScriptedSource.opened.length === count) vi.advanceTimersByTime(100);
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([3000, 6000, 12000, 24000, 48000, 60000, 60000]);

    // Let in, then refused again: the first wait is the short one.
    ScriptedSource.opened.at(-1)!.ready();
    ScriptedSource.opened.at(-1)!.refuse();
    const count = ScriptedSource.opened.length;
    vi.advanceTimersByTime(REOPEN_MS);
    expect(ScriptedSource.opened).toHaveLength(count + 1);
    close();
  });
});
