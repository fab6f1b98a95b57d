import { forbidden } from '../../domain/errors';
import type { Product } from '../../domain/entities';
import type { ListingInput } from '../../domain/product';
import { listedStatus } from '../../domain/product-lifecycle';
import { requireCaller, type Caller } from '../context';
import type { Store, UploadStore } from '../ports';
import { discard, storeImages } from './listing-images';

export interface ListingCommand {
  listing: ListingInput;
  /** The seller keeps it off the marketplace (status inactive). */
  hidden: boolean;
  /** The spec's body names the seller; it must be the signed-in one. */
  sellerId: number | null;
  /**
   * Data URLs of new images and /uploads URLs of kept ones; the first is the main photo.
   * Undefined when the body had no imageUrl: none for a new listing, unchanged for an edit.
   */
  images: string[] | undefined;
}

export function checkSeller(who: Caller, cmd: ListingCommand) {
  if (cmd.sellerId !== null && cmd.sellerId !== who.userId) {
    throw forbidden('sellerId must be your own user id');
  }
}

/** A new listing by the signed-in seller; its images are stored first and removed on failure. */
export function createListing(deps: { store: Store; uploads: UploadStore }) {
  return async (caller: Caller | null, cmd: ListingCommand): Promise<Product> => {
    const who = requireCaller(caller);
    checkSeller(who, cmd);
    const images = await storeImages(deps.uploads, cmd.images ?? [], []);
    try {
      return await deps.store.products.create({
        ...cmd.listing,
        status: listedStatus({ quantity: cmd.listing.quantity, soldQuantity: 0 }, cmd.hidden),
        sellerId: who.userId,
        images: images.urls,
      });
    } catch (error) {
      await discard(deps.uploads, images.added);
      throw error;
    }
  };
}
