import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { openEvents } from '../support/sse';

let api: Api;
beforeAll(async () => {
  api = await startApi({ events: true, server: { eventRecheckMs: 100 } });
});
afterAll(() => api.close());

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

describe('a signed-in event stream', () => {
  it('ends once its session does (signed out), while a visitor’s and another session’s go on', async () => {
    const [leaving, staying] = [api.client(), api.client()];
    await Promise.all([leaving.signIn(), staying.signIn()]);
    const streams = [
      await openEvents(api.url, { cookie: leaving.cookie }),
      await openEvents(api.url, { cookie: staying.cookie }),
      await openEvents(api.url),
    ];
    try {
      for (const s of streams) await s.next((e) => e.event === 'ready');
      expect((await leaving.post('/api/auth/logout')).status).toBeLessThan(300);
      expect(await within(streams[0]!.ended, 3000)).toBe('ended');
      expect(await within(streams[1]!.ended, 500)).toBe('still open');
      expect(await within(streams[2]!.ended, 10)).toBe('still open');
    } finally {
      for (const s of streams) s.close();
    }
  });
});
