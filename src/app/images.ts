import { DomainError, validation } from '../domain/errors';
import { MAX_IMAGE_BYTES, MAX_IMAGES, parseImageList, readImageList } from '../domain/product';
import type { UploadStore } from './ports';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
const OWN_URL = /^\/uploads\/(img-[A-Za-z0-9-]+\.(?:jpg|png|gif|webp))$/;
const DATA_URL = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/;

export interface ImagePlan {
  urls: string[];
  /** Files stored for this save: removed again if the save fails. */
  added: string[];
  /** Files the product no longer uses: removed once the save has committed. */
  dropped: string[];
}

/**
 * Turns the listing's `imageUrl` (a JSON array of data URLs and/or this product's existing
 * /uploads URLs) into stored files. Only the product's own existing images may be kept.
 */
export async function storeImages(
  uploads: UploadStore,
  imageUrl: unknown,
  current: string | null,
): Promise<ImagePlan> {
  const wanted =
    imageUrl === undefined || imageUrl === null || typeof imageUrl === 'string'
      ? readImageList(imageUrl)
      : null;
  if (wanted === null) throw validation('imageUrl must be a JSON array of images, as text');
  if (wanted.length > MAX_IMAGES) throw validation('You can only upload up to 5 images');
  const existing = parseImageList(current);
  const plan: ImagePlan = { urls: [], added: [], dropped: [] };
  try {
    for (const [index, item] of wanted.entries()) {
      if (OWN_URL.test(item) && existing.includes(item)) {
        plan.urls.push(item);
        continue;
      }
      const match = DATA_URL.exec(item);
      if (!match) throw validation(`Image ${index + 1} is not an image this product can use`);
      const base64 = match[2]!.replace(/\s/g, '');
      if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) {
        throw new DomainError('too_large', `Image ${index + 1} is too large, maximum size is 10MB`);
      }
      const stored = await uploads.save(Buffer.from(base64, 'base64'), {
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
  plan.dropped = existing
    .filter((url) => !plan.urls.includes(url))
    .map((url) => OWN_URL.exec(url)?.[1])
    .filter((name): name is string => Boolean(name));
  return plan;
}

export async function discard(uploads: UploadStore, names: readonly string[]) {
  await Promise.all(names.map((name) => uploads.remove(name).catch(() => undefined)));
}

export function imageFileNames(imageUrl: string | null): string[] {
  return parseImageList(imageUrl)
    .map((url) => OWN_URL.exec(url)?.[1])
    .filter((name): name is string => Boolean(name));
}
