import type { ListingCommand } from '@src/app/products/create-listing';
import type { ListingInput } from '@src/domain/product';
import { listing } from '@test/support/fixtures';

/** A listing as the seller's form sends it, once the contract has read it. */
export function listingCommand(
  overrides: Partial<Omit<ListingCommand, 'listing'>> & { listing?: Partial<ListingInput> } = {},
): ListingCommand {
  const { status: _status, imageUrl: _images, ...fields } = listing();
  return {
    hidden: false,
    sellerId: null,
    images: [],
    ...overrides,
    listing: { ...(fields as ListingInput), ...overrides.listing },
  };
}
