import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedAnswers } from '@src/adapters/http/shared-answers';
import type { EventFeed } from '@src/app/ports';

// The marketplace list's kept answers are bounded by memory: a client chooses the query text,
// and a page may be megabytes. (How kept answers go stale is test/api/shared-answers.test.ts.)
const quiet: EventFeed = { subscribe: () => () => undefined };
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** The middleware over real HTTP in front of a list that answers `body` and counts its reads. */
async function serve(body: string, maxBytes: number) {
  const koa = new Koa();
  let reads = 0;
  // Kept for a minute: what pushes an answer out here is memory, not its age.
  koa.use(sharedAnswers(quiet, { maxBytes, maxAgeMs: 60_000 }));
  koa.use((ctx) => {
    reads += 1;
    ctx.type = 'application/json';
    ctx.body = body;
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/products`;
  return {
    get: (query: string) => fetch(`${url}?${query}`).then((r) => r.text()),
    reads: () => reads,
  };
}

describe('kept answers of the marketplace list', () => {
  it('keeps an answer, and no more answers than fit in its memory', async () => {
    const page = JSON.stringify([{ description: 'x'.repeat(10_000) }]);
    const list = await serve(page, 200_000); // room for about five of these pages
    await list.get('limit=48');
    expect(await list.get('limit=48')).toBe(page);
    expect(list.reads()).toBe(1);
    for (let junk = 0; junk < 50; junk += 1) await list.get(`limit=48&junk=${junk}`);
    // The first one was pushed out by the later ones: memory, not the count of 500, decided.
    await list.get('limit=48');
    expect(list.reads()).toBe(52);
  });

  it('does not keep an answer larger than an eighth of its memory', async () => {
    const list = await serve(JSON.stringify(['y'.repeat(20_000)]), 200_000);
    await list.get('limit=200');
    await list.get('limit=200');
    expect(list.reads()).toBe(2);
  });
});
