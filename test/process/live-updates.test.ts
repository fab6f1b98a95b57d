import { describe, expect, it } from 'vitest';
import { Client } from '../support/api';
import { listing } from '../support/fixtures';
import { openEvents } from '../support/sse';
import { POSTGRES, twoServers } from '../support/two-servers';

const pair = twoServers();

describe.skipIf(!POSTGRES)('live updates across two server processes on one PostgreSQL', () => {
  it('tells a listener on one server of a change made through the other, and only its users', async () => {
    const [a, b] = pair();
    const seller = new Client(b.url);
    await seller.signIn();
    const stranger = new Client(a.url);
    await stranger.signIn();
    // The seller listens on server A, the stranger too; the listing is made through server B.
    const sellerStream = await openEvents(a.url, { cookie: seller.cookie });
    const strangerStream = await openEvents(a.url, { cookie: stranger.cookie });
    try {
      await sellerStream.next((e) => e.event === 'ready');
      await strangerStream.next((e) => e.event === 'ready');
      const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
      expect(made.status).toBe(201);
      const isIt = (e: { event: string; data: unknown }) =>
        e.event === 'change' && (e.data as { subjectId: number }).subjectId === made.body.id;
      const heard = await sellerStream.next(isIt, 3000);
      expect(heard.data).toEqual({ topic: 'product', subjectId: made.body.id });
      // A product is public: the stranger hears of it too; an order would not reach them.
      await strangerStream.next(isIt, 3000);
    } finally {
      sellerStream.close();
      strangerStream.close();
    }
  });
});
