import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, isImageType } from '@src/domain/image-types';

describe('listing photo types', () => {
  it('takes JPEG, PNG, GIF and WebP by the type the browser gives', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(isImageType({ name: 'photo', type })).toBe(true);
    }
    for (const type of ['image/svg+xml', 'image/heic', 'application/pdf', 'text/plain']) {
      expect(isImageType({ name: 'photo.jpg', type })).toBe(false);
    }
  });

  it('goes by the extension only when the browser gives no type', () => {
    expect(isImageType({ name: 'Back.JPEG', type: '' })).toBe(true);
    expect(isImageType({ name: 'back.webp', type: '' })).toBe(true);
    expect(isImageType({ name: 'notes.txt', type: '' })).toBe(false);
    expect(isImageType({ name: 'jpg', type: '' })).toBe(false);
  });

  it('offers the same types to the file chooser', () => {
    expect(IMAGE_ACCEPT).toBe(
      'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp',
    );
  });
});
