import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PLACEHOLDER_IMAGE,
  listingImages,
  productImages,
  readImageField,
} from '@src/contracts/image-field';

describe('readImageField', () => {
  it.each(['["/a.jpg"', '[not json]', '[1, 2'])('cannot read %j', (text) => {
    expect(readImageField(text)).toBeNull();
  });

  it('reads an empty field as no images', () => {
    expect(readImageField('')).toEqual([]);
    expect(readImageField(null)).toEqual([]);
  });
});

describe('readImageField on readable fields', () => {
  it('reads a JSON array of URLs, dropping blanks and non-strings', () => {
    expect(readImageField('["/uploads/a.jpg", "", 3, null, "/uploads/b.png"]')).toEqual([
      '/uploads/a.jpg',
      '/uploads/b.png',
    ]);
  });

  it('keeps data URLs inside a JSON array whole', () => {
    const data = 'data:image/jpeg;base64,AAAA';
    expect(readImageField(JSON.stringify([data, data]))).toEqual([data, data]);
  });

  it('reads a legacy comma-separated list, trimmed', () => {
    expect(readImageField(' /a.jpg , /b.jpg,, /c.jpg ')).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
  });

  it('keeps a single data URL whole despite its comma', () => {
    const data = 'data:image/png;base64,iVBORw0KGgo=';
    expect(readImageField(data)).toEqual([data]);
  });

  it('reads a single legacy URL', () => {
    expect(readImageField('https://example.com/a.jpg')).toEqual(['https://example.com/a.jpg']);
  });

  it.each([null, undefined, '', '   '])('gives no images for %j', (value) => {
    expect(readImageField(value)).toEqual([]);
  });

  it('gives no images for a JSON array without strings', () => {
    expect(readImageField('[1, 2]')).toEqual([]);
  });
});

describe("productImages (an answer's imageUrl)", () => {
  it('decodes the JSON text into the list and encodes it back', () => {
    expect(z.decode(productImages, '["/uploads/a.jpg","/uploads/b.png"]')).toEqual([
      '/uploads/a.jpg',
      '/uploads/b.png',
    ]);
    expect(z.encode(productImages, ['/uploads/a.jpg'])).toBe('["/uploads/a.jpg"]');
  });

  it('travels as null when there are no images', () => {
    expect(z.encode(productImages, [])).toBeNull();
    expect(z.decode(productImages, null)).toEqual([]);
  });

  it('shows the placeholder image for a field that cannot be read (spec, product card)', () => {
    expect(z.decode(productImages, '[not json')).toEqual([PLACEHOLDER_IMAGE]);
  });
});

describe("listingImages (a listing body's imageUrl)", () => {
  it('refuses a field that cannot be read, naming it', () => {
    const result = listingImages.safeParse('[not json');
    expect(result.error?.issues[0]?.message).toBe(
      'imageUrl must be a JSON array of images, as text',
    );
  });

  it('refuses an image field that is not text', () => {
    expect(listingImages.safeParse(['data:image/png;base64,AA']).success).toBe(false);
  });
});
