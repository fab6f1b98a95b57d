import { describe, expect, it } from 'vitest';
import { setup } from './fixtures';

describe('stored rows', () => {
  it('reads a legacy comma-separated image field: the first is the summary image', async () => {
    const { knex, store, order } = await setup();
    const o = await order();
    await knex('products').where({ id: o.productId }).update({ image_url: '/a.jpg, /b.jpg' });
    expect((await store.products.findById(o.productId))?.images).toEqual(['/a.jpg', '/b.jpg']);
    expect((await store.orders.findById(o.id))?.product?.image).toBe('/a.jpg');
  });

  it('reads a legacy single image value as one image', async () => {
    const { knex, store, product } = await setup();
    const p = await product();
    await knex('products').where({ id: p.id }).update({ image_url: '/only.jpg' });
    expect((await store.products.findById(p.id))?.images).toEqual(['/only.jpg']);
  });

  it('stores lists as JSON array text, and none as NULL', async () => {
    const { knex, store, order } = await setup();
    const o = await order();
    await store.products.update(o.productId, { images: ['/uploads/a.jpg'] });
    await store.orders.update(o.id, 'escrow_held', {
      uploadedFiles: ['p.pdf'],
      deliveryImages: [],
    });
    const [product] = await knex('products').where({ id: o.productId }).select('image_url');
    const [row] = await knex('orders')
      .where({ id: o.id })
      .select('uploaded_files', 'delivery_images');
    expect(product).toEqual({ image_url: '["/uploads/a.jpg"]' });
    expect(row).toEqual({ uploaded_files: '["p.pdf"]', delivery_images: null });
  });
});
