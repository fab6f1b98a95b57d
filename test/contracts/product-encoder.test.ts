import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toProduct, type ProductRow } from '@src/adapters/db/rows';
import { listProducts } from '@src/contracts/products';
import { productsToWire, productToWire, productWire } from '@src/contracts/wire';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '@src/domain/product';

// The catalogue's pages are encoded by productToWire, without the codec's checks: its output
// must be the codec's, byte for byte, whatever the row holds.

const base: ProductRow = {
  id: 1,
  name: 'Vintage camera',
  description: 'A working film camera',
  price: '12.50',
  category: 'physical-items',
  condition: 'good',
  seller_id: 7,
  status: 'active',
  location: null,
  image_url: null,
  requires_address: false,
  requires_email: false,
  requires_name: false,
  quantity: 1,
  sold_quantity: 0,
  handling_days: 3,
  created_at: new Date('2026-11-24T05:00:00.123Z'),
} as ProductRow;

const five = JSON.stringify([1, 2, 3, 4, 5].map((n) => `/uploads/${n}-photo.jpg`));
const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';

/** Rows as the drivers return them, odd ones included. */
const rows: [string, Partial<ProductRow>][] = [
  ['no images (null)', { image_url: null }],
  ['no images (empty text)', { image_url: '' }],
  ['an empty JSON array', { image_url: '[]' }],
  ['one image', { image_url: '["/uploads/a.jpg"]' }],
  ['five images', { image_url: five }],
  ['a JSON array with blanks, non-strings and spaces', { image_url: ' ["/a.jpg", "", 3, null] ' }],
  ['a legacy comma-separated field', { image_url: ' /a.jpg , /b.jpg,, /c.jpg ' }],
  ['a legacy single data URL (commas inside)', { image_url: dataUrl }],
  ['data URLs in a JSON array', { image_url: JSON.stringify([dataUrl, dataUrl]) }],
  ['an unreadable field', { image_url: '["/a.jpg"' }],
  ['a JSON value that is not an array', { image_url: '[' }],
  ['a price with many decimals', { price: '0.123456789012345678' }],
  ['the largest price', { price: '99999999.99' }],
  ['the smallest price', { price: '0.01' }],
  [
    'unicode, quotes, backslashes and line separators in text',
    {
      name: 'Caméra “ancienne” 📷 \\ "quoted" \u2028\u2029 日本語',
      description: 'Line one\nLine two\ttabbed \u0001 control, emoji 👍🏽, lone \ud800 surrogate',
      location: 'São Paulo — Zürich',
    },
  ],
  ['a location', { location: 'Lisbon' }],
  ['every requirement', { requires_address: true, requires_email: true, requires_name: true }],
  ['sold out', { status: 'sold', quantity: 5, sold_quantity: 5 }],
  ['a time with no milliseconds', { created_at: new Date('2020-01-01T00:00:00Z') }],
  ['a time before 1970', { created_at: new Date('1969-07-20T20:17:40.5Z') }],
  ['a large id', { id: 2_147_483_647, seller_id: 2_147_483_646, handling_days: 30 }],
  ...PRODUCT_STATUSES.map((status) => [`status ${status}`, { status }] as [string, object]),
  ...CATEGORIES.map((category) => [`category ${category}`, { category }] as [string, object]),
  ...CONDITIONS.map((condition) => [`condition ${condition}`, { condition }] as [string, object]),
];

const codec = (product: z.output<typeof productWire>) => z.encode(productWire, product);

describe('productToWire', () => {
  it.each(rows)('encodes %s as the contract codec does', (_label, overrides) => {
    const product = toProduct({ ...base, ...overrides } as ProductRow);
    const fast = productToWire(product);
    expect(fast).toStrictEqual(codec(product));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(codec(product)));
  });

  it('encodes a page of them, as the list calls answer, byte for byte', () => {
    const page = rows.map(([, overrides], i) =>
      toProduct({ ...base, ...overrides, id: i + 1 } as ProductRow),
    );
    const fast = JSON.stringify(listProducts.encode!(page));
    expect(fast).toBe(JSON.stringify(z.encode(listProducts.answer, page)));
    expect(JSON.stringify(productsToWire([]))).toBe('[]');
  });

  it('leaves out what the wire does not carry, as the codec does', () => {
    const product = { ...toProduct(base), seller: { id: 7 } } as z.output<typeof productWire>;
    expect(Object.keys(productToWire(product))).toEqual(Object.keys(codec(product)));
  });
});
