import { describe, expect, it } from 'vitest';
import { createListing } from '@src/app/products/create-listing';
import { updateListing } from '@src/app/products/update-listing';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';
import { PNG_DATA_URL, SCRIPT_DATA_URL } from '@test/support/fixtures';
import { listingCommand } from './listing-command';

/** A seller with a listing of two stored images. */
async function setup(quantity = 1) {
  const world = appWorld();
  const seller = await world.person();
  const listed = await createListing(world.deps)(
    seller,
    listingCommand({ images: [PNG_DATA_URL, PNG_DATA_URL], listing: { quantity } }),
  );
  return { ...world, seller, listed, update: updateListing(world.deps) };
}

describe('updateListing', () => {
  it('keeps the images it is given by URL, stores new ones and removes the dropped ones', async () => {
    const w = await setup();
    const [first, second] = w.listed.images;
    const updated = await w.update(
      w.seller,
      w.listed.id,
      listingCommand({ images: [second!, PNG_DATA_URL], listing: { name: 'Renamed' } }),
    );
    const added = w.uploads.names().find((name) => !w.listed.images.includes(`/uploads/${name}`));
    expect(updated).toMatchObject({ name: 'Renamed', images: [second, `/uploads/${added}`] });
    expect(w.uploads.names().map((name) => `/uploads/${name}`)).not.toContain(first);
    expect(w.uploads.names()).toHaveLength(2);
    expect(await w.store.products.findById(w.listed.id)).toEqual(updated);
  });

  it('decides the status by the lifecycle: hidden, for sale, or sold out', async () => {
    const w = await setup(2);
    const images = w.listed.images;
    const edit = (hidden: boolean, quantity: number) =>
      w.update(w.seller, w.listed.id, listingCommand({ hidden, images, listing: { quantity } }));
    expect((await edit(true, 2)).status).toBe('inactive');
    expect((await edit(false, 2)).status).toBe('active');
    await w.store.products.takeUnit(w.listed.id);
    expect((await edit(false, 1)).status).toBe('sold');
  });

  it('refuses a quantity below what was already sold', async () => {
    const w = await setup(2);
    await w.store.products.takeUnit(w.listed.id);
    await w.store.products.takeUnit(w.listed.id);
    const error = await domainError(
      w.update(w.seller, w.listed.id, listingCommand({ listing: { quantity: 1 } })),
      'validation',
    );
    expect(error.message).toBe('Quantity cannot be less than the 2 already sold');
  });

  it("refuses another seller's listing, writing nothing", async () => {
    const w = await setup();
    const other = await w.person();
    const before = w.contents();
    const error = await domainError(
      w.update(other, w.listed.id, listingCommand({ images: [PNG_DATA_URL] })),
      'forbidden',
    );
    expect(error.message).toBe('You can only change your own listings');
    expect(w.contents()).toEqual(before);
  });

  it('refuses a listing an admin removed', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.listed.id, 'deleted');
    const error = await domainError(w.update(w.seller, w.listed.id, listingCommand()), 'conflict');
    expect(error.message).toBe('This listing was removed by an admin and can no longer be changed');
  });

  it('finds no listing its seller removed, nor an unknown one', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.listed.id, 'removed');
    await domainError(w.update(w.seller, w.listed.id, listingCommand()), 'not_found');
    await domainError(w.update(w.seller, 999, listingCommand()), 'not_found');
  });

  it("refuses an image URL of another product's", async () => {
    const w = await setup();
    const other = await createListing(w.deps)(w.seller, listingCommand({ images: [PNG_DATA_URL] }));
    await domainError(
      w.update(w.seller, w.listed.id, listingCommand({ images: other.images })),
      'validation',
    );
  });

  it('leaves the listing and its images as they were when a new image is refused', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.update(w.seller, w.listed.id, listingCommand({ images: [PNG_DATA_URL, SCRIPT_DATA_URL] })),
      'unsupported_media',
    );
    expect(w.contents()).toEqual(before);
  });

  it('leaves the listing and its images as they were when the store refuses the edit', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.update(
        w.seller,
        w.listed.id,
        listingCommand({ images: [PNG_DATA_URL], listing: { price: '0.00' } }),
      ),
      'validation',
    );
    expect(w.contents()).toEqual(before);
  });
});
