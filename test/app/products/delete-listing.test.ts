import { describe, expect, it } from 'vitest';
import { createListing } from '@src/app/products/create-listing';
import { deleteListing } from '@src/app/products/delete-listing';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';
import { PNG_DATA_URL } from '@test/support/fixtures';
import { listingCommand } from './listing-command';

async function setup() {
  const world = appWorld();
  const seller = await world.person();
  const listed = await createListing(world.deps)(
    seller,
    listingCommand({ images: [PNG_DATA_URL] }),
  );
  return { ...world, seller, listed, remove: deleteListing(world.deps) };
}

describe('deleteListing', () => {
  it('erases a listing nothing refers to, and its stored images', async () => {
    const w = await setup();
    expect(await w.remove(w.seller, w.listed.id)).toEqual({ success: true });
    expect(await w.store.products.findById(w.listed.id)).toBeNull();
    expect(w.uploads.names()).toEqual([]);
  });

  it('keeps a listing with orders as removed, readable, its images kept', async () => {
    const w = await setup();
    const buyer = await w.person();
    await w.store.orders.create({
      productId: w.listed.id,
      buyerId: buyer.userId,
      sellerId: w.seller.userId,
      price: w.listed.price,
      status: 'escrow_held',
      escrowTransactionHash: 'sig',
    });
    await w.remove(w.seller, w.listed.id);
    expect(await w.store.products.findById(w.listed.id)).toEqual({
      ...w.listed,
      status: 'removed',
    });
    expect(w.uploads.names()).toHaveLength(1);
  });

  it("refuses another seller's listing and a visitor, changing nothing", async () => {
    const w = await setup();
    const other = await w.person();
    const before = w.contents();
    await domainError(w.remove(other, w.listed.id), 'forbidden');
    await domainError(w.remove(null, w.listed.id), 'unauthenticated');
    expect(w.contents()).toEqual(before);
  });

  it('refuses a listing an admin removed', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.listed.id, 'deleted');
    await domainError(w.remove(w.seller, w.listed.id), 'conflict');
    expect(await w.store.products.findById(w.listed.id)).toMatchObject({ status: 'deleted' });
  });

  it('finds no listing already removed, nor an unknown one', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.listed.id, 'removed');
    await domainError(w.remove(w.seller, w.listed.id), 'not_found');
    await domainError(w.remove(w.seller, 999), 'not_found');
  });
});
