import { notFound, validation } from '../../domain/errors';
import type { Product } from '../../domain/entities';
import { listedStatus } from '../../domain/product-lifecycle';
import type { Caller } from '../context';
import type { Store, UploadStore } from '../ports';
import { checkSeller, type ListingCommand } from './create-listing';
import { discard, storeImages } from './listing-images';
import { ownedProduct } from './owned-product';

/** The seller edits a listing; images it no longer uses are removed once the edit commits. */
export function updateListing(deps: { store: Store; uploads: UploadStore }) {
  return async (caller: Caller | null, id: number, cmd: ListingCommand): Promise<Product> => {
    const { who, product } = await ownedProduct(deps.store, caller, id);
    checkSeller(who, cmd);
    const { listing } = cmd;
    if (listing.quantity < product.soldQuantity) {
      throw validation(`Quantity cannot be less than the ${product.soldQuantity} already sold`);
    }
    const images = await storeImages(deps.uploads, cmd.images, product.images);
    let updated: Product | null;
    try {
      updated = await deps.store.products.update(id, {
        ...listing,
        status: listedStatus(
          { quantity: listing.quantity, soldQuantity: product.soldQuantity },
          cmd.hidden,
        ),
        images: images.urls,
      });
    } catch (error) {
      await discard(deps.uploads, images.added);
      throw error;
    }
    if (!updated) throw notFound('Product not found');
    await discard(deps.uploads, images.dropped);
    return updated;
  };
}
