import { IMAGE_MAX_SIDE, JPEG_QUALITY } from '@src/domain/product';

/** Turns a chosen image file into the data URL the listing sends. */
export type ImageResizer = (file: File) => Promise<string>;

/**
 * The size an image is drawn at: the longest side at most `maxSide` pixels, the aspect ratio
 * kept, never enlarged, never below 1 pixel.
 */
export function targetSize(
  width: number,
  height: number,
  maxSide: number = IMAGE_MAX_SIDE,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new Error('The image has no size');
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Shrinks an image in the browser (spec section 5): longest side 800 px, re-encoded as JPEG at
 * quality 0.8, as a data URL. Throws when the file cannot be decoded.
 */
export const resizeImage: ImageResizer = async (file) => {
  const bitmap = await createImageBitmap(file);
  try {
    const size = targetSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: paint white under transparent PNGs instead of black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const dataUrl = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('JPEG encoding failed');
    return dataUrl;
  } finally {
    bitmap.close();
  }
};
