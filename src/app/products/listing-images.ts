import { validation } from '../../domain/errors';
import { IMAGE_TYPES } from '../../domain/image-types';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '../../domain/product';
import type { UploadStore } from '../ports';
import { parseDataUrl } from './data-url';

const OWN_URL = /^\/uploads\/(img-[A-Za-z0-9-]+\.(?:jpg|png|gif|webp))$/;

export interface ImagePlan {
  urls: string[];
  /** Files stored for this save: removed again if the save fails. */
  added: string[];
  /** Files the product no longer uses: removed once the save has committed. */
  dropped: string[];
}

/**
 * Turns a listing's images (data URLs of new ones and/or this product's existing /uploads URLs)
 * into stored files. Only the product's own existing images may be kept.
 */
export async function storeImages(
  uploads: UploadStore,
  wanted: readonly string[],
  existing: readonly string[],
): Promise<ImagePlan> {
  if (wanted.length > MAX_IMAGES) throw validation('You can only upload up to 5 images');
  const plan: ImagePlan = { urls: [], added: [], dropped: [] };
  try {
    for (const [index, item] of wanted.entries()) {
      if (OWN_URL.test(item) && existing.includes(item)) {
        plan.urls.push(item);
        continue;
      }
      if (!item.startsWith('data:')) {
        throw validation(`Image ${index + 1} is not an image this product can use`);
      }
      const { bytes } = parseDataUrl(item, MAX_IMAGE_BYTES);
      const stored = await uploads.save(bytes, {
        kind: 'image',
        allowed: IMAGE_TYPES,
        maxBytes: MAX_IMAGE_BYTES,
        declaredName: `image ${index + 1}`,
      });
      plan.added.push(stored.name);
      plan.urls.push(`/uploads/${stored.name}`);
    }
  } catch (error) {
    await discard(uploads, plan.added);
    throw error;
  }
  plan.dropped = fileNames(existing.filter((url) => !plan.urls.includes(url)));
  return plan;
}

export async function discard(uploads: UploadStore, names: readonly string[]) {
  await Promise.all(names.map((name) => uploads.remove(name).catch(() => undefined)));
}

/** The stored files behind a product's image URLs (other URLs are not ours to remove). */
export function fileNames(urls: readonly string[]): string[] {
  return urls.map((url) => OWN_URL.exec(url)?.[1]).filter((name): name is string => Boolean(name));
}
