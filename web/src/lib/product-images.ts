import { readImageList } from '../../../src/domain/product';

/** Shown in place of a product's photos when its image field cannot be read (spec, product card). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** The images to show for a product: its photos, or the placeholder when the field is unreadable. */
export function productImages(imageUrl: string | null | undefined): string[] {
  return readImageList(imageUrl) ?? [PLACEHOLDER_IMAGE];
}
