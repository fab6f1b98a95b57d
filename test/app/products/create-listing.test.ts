import { describe, expect, it } from 'vitest';
import { createListing } from '@src/app/products/create-listing';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';
import { PNG_BYTES, PNG_DATA_URL, SCRIPT_DATA_URL } from '@test/support/fixtures';
import { listingCommand } from './listing-command';

async function setup() {
  const world = appWorld();
  const seller = await world.person();
  return { ...world, seller, create: createListing(world.deps) };
}

describe('createListing', () => {
  it("lists the product as the caller's, active, its images stored and named by URL", async () => {
    const w = await setup();
    const product = await w.create(
      w.seller,
      listingCommand({ sellerId: w.seller.userId, images: [PNG_DATA_URL, PNG_DATA_URL] }),
    );
    const names = w.uploads.names();
    expect(names).toHaveLength(2);
    expect(product).toMatchObject({
      name: 'Vintage camera',
      price: '1.50',
      sellerId: w.seller.userId,
      status: 'active',
      soldQuantity: 0,
      images: names.map((name) => `/uploads/${name}`),
    });
    expect(names[0]).toMatch(/^img-[0-9a-f]{32}\.png$/);
    expect(w.uploads.read(names[0]!)?.bytes).toEqual(new Uint8Array(PNG_BYTES));
    expect(await w.store.products.findById(product.id)).toEqual(product);
  });

  it('keeps a hidden listing off the marketplace (inactive)', async () => {
    const w = await setup();
    const product = await w.create(w.seller, listingCommand({ hidden: true }));
    expect(product.status).toBe('inactive');
  });

  it('refuses a visitor and a listing in the name of another seller, writing nothing', async () => {
    const w = await setup();
    const other = await w.person();
    const before = w.contents();
    await domainError(w.create(null, listingCommand()), 'unauthenticated');
    const error = await domainError(
      w.create(w.seller, listingCommand({ sellerId: other.userId, images: [PNG_DATA_URL] })),
      'forbidden',
    );
    expect(error.message).toBe('sellerId must be your own user id');
    expect(w.contents()).toEqual(before);
  });

  it('refuses more than five images', async () => {
    const w = await setup();
    const images = Array(6).fill(PNG_DATA_URL);
    const error = await domainError(w.create(w.seller, listingCommand({ images })), 'validation');
    expect(error.message).toBe('You can only upload up to 5 images');
  });

  it('refuses an image URL that is not one of its own', async () => {
    const w = await setup();
    const stranger = `/uploads/img-${'a'.repeat(32)}.png`;
    for (const url of [stranger, 'https://example.com/cat.png']) {
      const error = await domainError(
        w.create(w.seller, listingCommand({ images: [url] })),
        'validation',
      );
      expect(error.message).toBe('Image 1 is not an image this product can use');
    }
  });

  it('refuses a script dressed up as an image and keeps none of the images stored before it', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.create(w.seller, listingCommand({ images: [PNG_DATA_URL, SCRIPT_DATA_URL] })),
      'unsupported_media',
    );
    expect(w.contents()).toEqual(before);
  });

  it('removes the images it stored when the store refuses the listing', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.create(w.seller, listingCommand({ images: [PNG_DATA_URL], listing: { price: '0.00' } })),
      'validation',
    );
    expect(w.contents()).toEqual(before);
  });
});
