import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';
import { listing } from '../support/fixtures';
import { openEvents } from '../support/sse';

// PostgreSQL hands out the log's ids when events are written, not when they commit: a later id
// can be seen first. (PGlite writes on one connection: there they always commit in order.)
const POSTGRES = Boolean(process.env.DATABASE_URL);

let api: Api;
beforeAll(async () => {
  api = await startApi({ events: true });
});
afterAll(() => api.close());

/** A listing written in a transaction still open: its event takes an id, not yet committed. */
async function listInOpenTransaction(trx: Knex.Transaction, sellerId: number) {
  const [row] = await trx('products')
    .insert({
      name: 'Slow to commit',
      description: 'Written in a transaction that commits late',
      price: '1.00',
      category: 'physical-items',
      condition: 'new',
      seller_id: sellerId,
      quantity: 1,
      status: 'active',
    })
    .returning('id');
  return row as { id: number };
}

describe.skipIf(!POSTGRES)('live updates on PostgreSQL', () => {
  it('delivers an event whose transaction committed after a later one’s', async () => {
    const seller = api.client();
    await seller.signIn();
    const stream = await openEvents(api.url);
    const trx = await api.db.knex.transaction();
    try {
      await stream.next((e) => e.event === 'ready');
      const early = await listInOpenTransaction(trx, seller.user!.id);
      const late = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
      expect(late.status).toBe(201);
      await trx.commit();
      const product = (id: number) => (e: { event: string; data: unknown }) =>
        e.event === 'change' &&
        (e.data as { topic: string; subjectId: number }).topic === 'product' &&
        (e.data as { subjectId: number }).subjectId === id;
      const first = await stream.next(product(early.id as number));
      const second = await stream.next(product(late.body.id as number));
      expect(stream.events.indexOf(first)).toBeLessThan(stream.events.indexOf(second));
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
      stream.close();
    }
  });

  it('replays to a client coming back only up to an event still committing, then both in order', async () => {
    const seller = api.client();
    await seller.signIn();
    const first = await openEvents(api.url);
    const ready = await first.next((e) => e.event === 'ready');
    first.close(); // the client goes away, and comes back with Last-Event-ID below
    const trx = await api.db.knex.transaction();
    let back: Awaited<ReturnType<typeof openEvents>> | null = null;
    try {
      const early = await listInOpenTransaction(trx, seller.user!.id);
      const late = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
      expect(late.status).toBe(201);
      back = await openEvents(api.url, { lastEventId: ready.id! });
      await back.next((e) => e.event === 'ready');
      await trx.commit();
      const product = (id: number) => (e: { event: string; data: unknown }) =>
        e.event === 'change' && (e.data as { subjectId: number }).subjectId === id;
      const a = await back.next(product(early.id as number));
      const b = await back.next(product(late.body.id as number));
      expect(back.events.indexOf(a)).toBeLessThan(back.events.indexOf(b));
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
      back?.close();
    }
  });
});
