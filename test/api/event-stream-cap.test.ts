import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { openEvents } from '../support/sse';

let api: Api;
beforeAll(async () => {
  api = await startApi({ events: true, server: { eventStreamsPerAddress: 2 } });
});
afterAll(() => api.close());

const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live update streams per client address', () => {
  it('holds at most the cap open from one address, answers the next 429 as JSON, and frees a place when a stream ends', async () => {
    const first = await openEvents(api.url);
    const second = await openEvents(api.url);
    try {
      await first.next((e) => e.event === 'ready');
      await second.next((e) => e.event === 'ready');

      const refused = await fetch(`${api.url}/api/events`, {
        headers: { accept: 'text/event-stream' },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/application\/json/);
      expect(await refused.json()).toEqual({
        error:
          'Too many live update streams from this address (at most 2); close other tabs of the marketplace and reload',
      });

      first.close();
      // The place is free once the server has seen the client leave.
      let third: Awaited<ReturnType<typeof openEvents>> | null = null;
      await waitFor(async () => {
        const attempt = await openEvents(api.url);
        if (attempt.status === 200) third = attempt;
        else attempt.close();
        return attempt.status === 200;
      });
      await third!.next((e) => e.event === 'ready');
      third!.close();
    } finally {
      first.close();
      second.close();
    }
  });
});
