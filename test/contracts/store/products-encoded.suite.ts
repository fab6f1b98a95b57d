import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { NewProduct, ProductQuery } from '@src/app/ports';
import { productsToWire, productWire } from '@src/contracts/wire';
import { setupFor, type Setup, type StoreKind } from './store-under-test';

const everyStatus: ProductQuery['statuses'] = ['active', 'sold', 'inactive', 'deleted', 'removed'];

/** listEncoded against list() encoded by the contract: the same bytes, the same next cursor. */
async function expectSamePage(db: Setup, query: ProductQuery) {
  const listed = await db.store.products.list(query);
  const encoded = await db.store.products.listEncoded(query);
  expect(encoded.json).toBe(JSON.stringify(productsToWire(listed.items)));
  expect(encoded.nextCursor).toBe(listed.nextCursor);
  // And it reads back through the contract as the products themselves.
  expect(z.decode(z.array(productWire), JSON.parse(encoded.json))).toEqual(listed.items);
  return encoded;
}

/** Text a listing may hold: quotes, escapes, control characters, scripts, emoji, separators. */
const awkward: Partial<NewProduct>[] = [
  { name: 'Plain', description: 'Nothing odd' },
  { name: 'Quote " and back\\slash', description: 'tab\there, line\nbreak, cr\r, \u0001\u001f' },
  { name: 'Café 東京 😀', description: 'line separator \u2028 and \u2029, slash / and </script>' },
  { name: 'Dear & <b>', description: '\u007f and \u0080 and \ufeff', location: 'Zürich, CH' },
  { name: 'Sold one', description: 'x', status: 'sold', quantity: 3, price: '0.01' },
  { name: 'Big', description: 'y', price: '99999999.99', handlingDays: 30 },
  {
    name: 'Needs all',
    description: 'z',
    requiresAddress: true,
    requiresEmail: true,
    requiresName: true,
    location: '',
  },
  { name: 'Photos', description: 'p', images: ['/uploads/a.jpg', '/uploads/b "c".jpg'] },
  { name: 'Five', description: 'q', images: ['/1.jpg', '/2.jpg', '/3.jpg', '/4.jpg', '/5.jpg'] },
];

export function productsEncodedContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`ProductRepository.listEncoded (${kind.name})`, () => {
    it('writes each product as the contract encodes it, byte for byte', async () => {
      const db = await setup();
      for (const overrides of awkward) await db.product(overrides);
      const page = await expectSamePage(db, { statuses: everyStatus, limit: 48 });
      expect(JSON.parse(page.json)).toHaveLength(awkward.length);
    });

    it('pages as list() does, through ties in time, with filters and search', async () => {
      const db = await setup();
      const seller = await db.user();
      const made = [];
      for (let i = 0; i < 7; i += 1) {
        made.push(
          await db.product({
            name: `Lamp ${i}`,
            sellerId: i % 2 ? seller.id : (await db.user()).id,
            category: i % 3 ? 'services' : 'other',
            status: i === 4 ? 'deleted' : 'active',
          }),
        );
      }
      await db.setCreatedAt(
        made.slice(1, 5).map((p) => p.id),
        new Date('2026-11-20T10:00:00.123Z'),
      );
      const queries: Omit<ProductQuery, 'cursor'>[] = [
        { statuses: everyStatus, limit: 2 },
        { statuses: ['active', 'sold'], limit: 3 },
        { statuses: everyStatus, sellerId: seller.id, limit: 1 },
        { statuses: everyStatus, category: 'services', limit: 2 },
        { statuses: everyStatus, search: 'lamp', limit: 4 },
        { statuses: everyStatus, search: 'nothing like it', limit: 4 },
        { statuses: [], limit: 2 },
      ];
      for (const query of queries) {
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await expectSamePage(db, { ...query, cursor });
          cursor = page.nextCursor ?? undefined;
          pages += 1;
        } while (cursor && pages < 20);
        expect(cursor).toBeUndefined();
      }
      const empty = await db.store.products.listEncoded({ statuses: [], limit: 5 });
      expect(empty).toEqual({ json: '[]', nextCursor: null });
    });

    it('reads stored image text and times as the contract does (legacy forms, microseconds)', async (ctx) => {
      const db = await setup();
      if (!db.sql) return ctx.skip(); // only a store with SQL holds text no port writes
      const images = [
        null,
        '',
        '   ',
        '["/uploads/a.jpg"]',
        ' ["/a.jpg", "", 3, null, "/b \\"q\\".jpg"] ',
        '[',
        '[1',
        '{"a":1}',
        '[]',
        '[""]',
        'data:image/png;base64,AA,BB',
        '/a.jpg, /b.jpg ,, ',
        'https://example.com/y.jpg',
        '["é\\u0001\\n/ü.jpg"]',
        '["a"] x',
        '"text"',
        ',',
        '\t/a.jpg\n',
        '["\\u00e9\\/x.jpg","/y \\"z\\".jpg"]',
        '[,"a"]',
        '["a",]',
        '["a""b"]',
        '["/x\u0007.jpg","/y.jpg"]',
        '["/ok.jpg","/also-ok.jpg"]',
        '["/ok.jpg",""]',
        // Trimmed as trim() trims: not the letter v, and the Unicode spaces too.
        'vase.jpg',
        '/a.jpg,v',
        'v/a.jpg, /b.jpgv ',
        '\u00a0/a.jpg\u2028',
        '\ufeff["/bom.jpg"]',
        '/a.jpg,\u3000/b.jpg',
      ];
      const times = [
        '2026-11-24 06:17:01.489989+00',
        '2026-11-24 06:17:01.999999+00',
        '2026-11-24 06:17:01.0005+00',
        '2026-11-24 06:17:01+00',
        '2026-12-31 23:59:59.9999+00',
      ];
      for (const [i, text] of images.entries()) {
        const p = await db.product({ name: `Legacy ${i}` });
        await db.sql(
          'UPDATE products SET image_url = ?, created_at = ?::timestamptz WHERE id = ?',
          [text, times[i % times.length], p.id],
        );
      }
      let cursor: string | undefined;
      do {
        const page = await expectSamePage(db, { statuses: everyStatus, limit: 4, cursor });
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    });
  });
}
