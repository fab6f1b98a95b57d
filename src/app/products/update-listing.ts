import { conflict, notFound, validation } from '../../domain/errors';
import type { Product } from '../../domain/entities';
import { assertSellerMayChange, listedStatus } from '../../domain/product-lifecycle';
import type { Caller } from '../context';
import type { Store, UploadStore } from '../ports';
import { checkSeller, type ListingCommand } from './create-listing';
import { discard, fileNames, storeImages } from './listing-images';
import { ownedProduct } from './owned-product';

/**
 * The seller edits a listing; images it no longer uses are removed once the edit commits, but
 * for those an order was sold with (kept with the order: what its buyer paid for).
 */
export function updateListing(deps: { store: Store; uploads: UploadStore }) {
  return async (caller: Caller | null, id: number, cmd: ListingCommand): Promise<Product> => {
    const { who, product } = await ownedProduct(deps.store, caller, id);
    checkSeller(who, cmd);
    const { listing } = cmd;
    if (listing.quantity < product.soldQuantity) {
      throw validation(`Quantity cannot be less than the ${product.soldQuantity} already sold`);
    }
    const images = await storeImages(deps.uploads, cmd.images ?? product.images, product.images);
    let updated: Product | null;
    try {
      // Only onto the product as it was read: an admin's delete or a sale meanwhile is kept.
      updated = await deps.store.products.update(
        id,
        {
          ...listing,
          status: listedStatus(
            { quantity: listing.quantity, soldQuantity: product.soldQuantity },
            cmd.hidden,
          ),
          images: images.urls,
        },
        { status: product.status, soldQuantity: product.soldQuantity, images: product.images },
      );
    } catch (error) {
      await discard(deps.uploads, images.added);
      throw error;
    }
    if (!updated) {
      await discard(deps.uploads, images.added);
      return changedMeanwhile(deps.store, id);
    }
    await discardUnsold(deps, id, images.dropped);
    return updated;
  };
}

/** Why an edit found the product no longer as it was read: gone, removed, or changed. */
async function changedMeanwhile(store: Store, id: number): Promise<never> {
  const now = await store.products.findById(id);
  if (!now) throw notFound('Product not found');
  assertSellerMayChange(now.status);
  throw conflict(
    'This listing changed while it was being saved (a sale or another edit); reload it and edit again',
  );
}

/**
 * After the edit committed: the dropped files no order was sold with go. The edit stands
 * whatever happens here; a file that cannot be looked up is left in place (kept, never lost).
 */
async function discardUnsold(
  deps: { store: Store; uploads: UploadStore },
  productId: number,
  dropped: readonly string[],
) {
  if (dropped.length === 0) return;
  const sold = await deps.store.orders.imagesSoldWith(productId).catch(() => null);
  if (sold === null) return;
  const kept = new Set(fileNames(sold));
  await discard(
    deps.uploads,
    dropped.filter((name) => !kept.has(name)),
  );
}
