import { z } from 'zod';

/** Shown where a product's image field cannot be read (spec, product card). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * The spec's image field: a JSON array of URLs as text, or legacy comma-separated or single
 * values. Data URLs contain commas, so a single data URL is kept whole. Null when the field
 * cannot be read: text that opens a JSON array but is not one.
 */
export function readImageField(imageUrl: string | null | undefined): string[] | null {
  if (!imageUrl) return [];
  const text = imageUrl.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed)
        ? parsed.filter((x): x is string => typeof x === 'string' && x !== '')
        : null;
    } catch {
      return null;
    }
  }
  if (text.startsWith('data:')) return [text];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The field as it travels: a JSON array as text, or null for none. */
export const imageFieldOf = (images: readonly string[]): string | null =>
  images.length ? JSON.stringify(images) : null;

/**
 * A product's images on the wire <-> a list. A field that cannot be read shows the placeholder
 * image, as the spec says, instead of failing the whole answer.
 */
export const productImages = z.codec(z.string().nullable(), z.array(z.string()), {
  decode: (text) => readImageField(text) ?? [PLACEHOLDER_IMAGE],
  encode: imageFieldOf,
});

/**
 * The listing body's image field: the same text, but one that cannot be read is refused
 * (a seller's request, not a stored value). Optional (spec section 4): absent stays undefined,
 * which an edit reads as "the photos as they are".
 */
export const listingImages = z
  .union([z.string(), z.null()], {
    error: 'imageUrl must be a JSON array of images, as text',
  })
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    const images = readImageField(text);
    if (images === null) {
      ctx.addIssue({ code: 'custom', message: 'imageUrl must be a JSON array of images, as text' });
      return z.NEVER;
    }
    return images;
  });

/** An order's stored file list on the wire (JSON array text) <-> a list; null if unreadable. */
export const fileList = z.codec(z.string().nullable(), z.array(z.string()).nullable(), {
  decode: (text) => {
    if (!text) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) && parsed.every((f) => typeof f === 'string') ? parsed : null;
    } catch {
      return null;
    }
  },
  encode: (files) => (files && files.length ? JSON.stringify(files) : null),
});
