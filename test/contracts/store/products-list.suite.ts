import { describe, expect, it } from 'vitest';
import type { ProductQuery } from '@src/app/ports';
import { encodeCursor } from '@src/adapters/schema/cursor';
import { domainError } from '@test/support/domain-error';
import { setupFor, type Setup, type StoreKind } from './store-under-test';

const everyStatus: ProductQuery['statuses'] = ['active', 'sold', 'inactive', 'deleted', 'removed'];

/** Every page of a query, following nextCursor. */
async function allPages(db: Setup, query: Omit<ProductQuery, 'cursor'>) {
  const pages: number[][] = [];
  let cursor: string | undefined;
  do {
    const page = await db.store.products.list({ ...query, cursor });
    pages.push(page.items.map((p) => p.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

export function productsListContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`ProductRepository.list (${kind.name})`, () => {
    it('filters by status, seller and category, newest first', async () => {
      const db = await setup();
      const seller = await db.user();
      const a = await db.product({ sellerId: seller.id, category: 'services' });
      const b = await db.product({ sellerId: seller.id, status: 'sold' });
      const c = await db.product({ status: 'deleted' });
      const d = await db.product({ category: 'services' });
      const ids = async (q: Partial<ProductQuery>) =>
        (await db.store.products.list({ statuses: everyStatus, limit: 50, ...q })).items.map(
          (p) => p.id,
        );
      expect(await ids({})).toEqual([d.id, c.id, b.id, a.id]);
      expect(await ids({ statuses: ['active', 'sold'] })).toEqual([d.id, b.id, a.id]);
      expect(await ids({ statuses: [] })).toEqual([]);
      expect(await ids({ sellerId: seller.id })).toEqual([b.id, a.id]);
      expect(await ids({ category: 'services' })).toEqual([d.id, a.id]);
      expect(await ids({ category: 'services', sellerId: seller.id })).toEqual([a.id]);
    });

    it('searches name or description, case-insensitively', async () => {
      const db = await setup();
      const camera = await db.product({ name: 'Leica CAMERA', description: 'film' });
      const lens = await db.product({ name: 'Lens', description: 'fits any Camera body' });
      await db.product({ name: 'Bicycle', description: 'red' });
      const search = async (term: string) =>
        (await db.store.products.list({ statuses: everyStatus, limit: 50, search: term })).items
          .map((p) => p.id)
          .sort((x, y) => x - y);
      expect(await search('camera')).toEqual([camera.id, lens.id]);
      expect(await search('  cAmErA ')).toEqual([camera.id, lens.id]);
      expect(await search('leica')).toEqual([camera.id]);
      expect(await search('nothing like this')).toEqual([]);
      expect(await search('')).toHaveLength(3);
    });

    it('treats %, _ and \\ in a search as literal characters', async () => {
      const db = await setup();
      const percent = await db.product({ name: '100% cotton' });
      const underscore = await db.product({ name: 'snake_case shirt' });
      const backslash = await db.product({ name: 'C:\\path tee' });
      await db.product({ name: '1000 cotton' });
      await db.product({ name: 'snakeXcase shirt' });
      await db.product({ name: 'C:path tee' });
      const search = async (term: string) =>
        (
          await db.store.products.list({ statuses: everyStatus, limit: 50, search: term })
        ).items.map((p) => p.id);
      expect(await search('%')).toEqual([percent.id]);
      expect(await search('0% c')).toEqual([percent.id]);
      expect(await search('e_c')).toEqual([underscore.id]);
      expect(await search('_')).toEqual([underscore.id]);
      expect(await search(':\\p')).toEqual([backslash.id]);
      expect(await search('\\')).toEqual([backslash.id]);
    });

    it('pages with cursors without duplicates or gaps, also across equal timestamps', async () => {
      const db = await setup();
      const created = [];
      for (let i = 0; i < 23; i++) created.push((await db.product({ name: `p${i}` })).id);
      // Several rows share one created_at, so only the id breaks the tie.
      await db.setCreatedAt(created.slice(5, 15), new Date('2030-01-01T00:00:00.123Z'));
      const expected = (
        await db.store.products.list({ statuses: everyStatus, limit: 100 })
      ).items.map((p) => p.id);
      expect(expected).toHaveLength(23);
      const pages = await allPages(db, { statuses: everyStatus, limit: 5 });
      expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
      expect(pages.flat()).toEqual(expected);
      expect(expected.slice(0, 10).sort((a, b) => a - b)).toEqual(created.slice(5, 15));
    });

    it('gives no next cursor when the last page is exactly full', async () => {
      const db = await setup();
      for (let i = 0; i < 4; i++) await db.product();
      const pages = await allPages(db, { statuses: everyStatus, limit: 2 });
      expect(pages.map((p) => p.length)).toEqual([2, 2]);
      const none = await db.store.products.list({ statuses: ['sold'], limit: 2 });
      expect(none).toEqual({ items: [], nextCursor: null });
    });

    it('keeps filters and search working together with paging', async () => {
      const db = await setup();
      for (let i = 0; i < 7; i++) await db.product({ name: `blue mug ${i}` });
      for (let i = 0; i < 3; i++) await db.product({ name: `red mug ${i}` });
      const pages = await allPages(db, { statuses: ['active'], search: 'BLUE', limit: 3 });
      expect(pages.flat()).toHaveLength(7);
      expect(new Set(pages.flat()).size).toBe(7);
    });

    it.each([
      ['garbage', 'not a cursor!'],
      ['not base64 JSON', 'bm90IGpzb24'],
      ['the wrong shape', Buffer.from('{"a":1}').toString('base64url')],
      ['a bad date', Buffer.from('["yesterday",3]').toString('base64url')],
      ['a bad id', Buffer.from('["2030-01-01T00:00:00.000Z",-3]').toString('base64url')],
      [
        'a date past the year 9999',
        Buffer.from('["+010000-01-01T00:00:00.000Z",1]').toString('base64url'),
      ],
      ['an empty string', ''],
    ])('refuses a cursor that is %s with "Invalid cursor"', async (_label, cursor) => {
      const db = await setup();
      const error = await domainError(
        db.store.products.list({ statuses: everyStatus, limit: 5, cursor }),
        'validation',
      );
      expect(error.message).toBe('Invalid cursor');
    });

    it('accepts a well-formed cursor from encodeCursor and refuses a page size below 1', async () => {
      const db = await setup();
      const p = await db.product();
      const cursor = encodeCursor({ createdAt: '2100-01-01T00:00:00.000Z', id: 1 });
      const page = await db.store.products.list({ statuses: everyStatus, limit: 5, cursor });
      expect(page.items.map((x) => x.id)).toEqual([p.id]);
      await domainError(db.store.products.list({ statuses: everyStatus, limit: 0 }), 'validation');
    });
  });
}
