import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { openEvents } from '../support/sse';

// A client that stops reading its live-update stream (a frozen tab, a socket held open on
// purpose) must not make the server keep every later event for it: past what it may hold
// unread, its connection is dropped. The limit is set low here; the kernel's socket buffers
// still take their fill first, hence the many events.
const MAX_UNREAD = 64 * 1024;
const EVENTS = 150_000;

let api: Api;
beforeAll(async () => {
  api = await startApi({ events: true, server: { eventMaxUnreadBytes: MAX_UNREAD } });
});
afterAll(() => api.close());

/** GET /api/events over a bare socket that reads nothing once the stream is ready. */
async function stalledStream(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.write(
    `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  await expect.poll(() => text.includes('event:ready'), { timeout: 10_000 }).toBe(true);
  socket.pause();
  return {
    /** Reads again, to the end: whether the server had ended the stream, and the changes got. */
    async readAgain() {
      socket.resume();
      const ended = await Promise.race([
        closed,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      return { ended, changes: text.split('event:change').length - 1 };
    },
    stop: () => socket.destroy(),
  };
}

describe('live updates to a client that stops reading', () => {
  it(
    'drops its connection, and keeps serving a client that reads',
    { timeout: 120_000 },
    async () => {
      const reading = await openEvents(api.url);
      await reading.next((e) => e.event === 'ready');
      const stalled = await stalledStream(api.url);
      try {
        // Written straight into the log (as the database's triggers write it), many at once.
        const written = await api.db.knex.raw<{ rows: { last: string }[] }>(
          `WITH written AS (
           INSERT INTO events (topic, subject_id, public)
           SELECT 'product', i, true FROM generate_series(1, ?) AS i
           RETURNING id, subject_id)
         SELECT max(subject_id)::text AS last, pg_notify('marketplace_events', max(id)::text)
           FROM written`,
          [EVENTS],
        );
        const last = Number(written.rows[0]!.last);
        await reading.next(
          (e) => e.event === 'change' && (e.data as { subjectId: number }).subjectId === last,
          60_000,
        );
        // The reader got every event; the stalled client, once it reads again, finds its stream
        // ended part of the way (it reconnects with Last-Event-ID, as a browser does).
        const stalledGot = await stalled.readAgain();
        expect(stalledGot.ended).toBe(true);
        expect(stalledGot.changes).toBeLessThan(EVENTS);
        expect(reading.events.filter((e) => e.event === 'change').length).toBe(EVENTS);
      } finally {
        stalled.stop();
        reading.close();
      }
    },
  );
});
