import { describe, expect, it } from 'vitest';
import { parseDataUrl } from '@src/app/products/data-url';
import { png } from '@test/adapters/uploads/fixtures';

const url = (bytes: Uint8Array, mime = 'image/png') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

describe('parseDataUrl', () => {
  it('returns the decoded bytes and the declared MIME type', () => {
    const bytes = png();
    const parsed = parseDataUrl(url(bytes), 1000);
    expect(parsed.declaredMime).toBe('image/png');
    expect(new Uint8Array(parsed.bytes)).toEqual(new Uint8Array(bytes));
  });

  it('lower-cases the MIME type and accepts parameters before base64', () => {
    const parsed = parseDataUrl('data:Image/JPEG;name=a.jpg;base64,AAEC', 10);
    expect(parsed.declaredMime).toBe('image/jpeg');
    expect([...parsed.bytes]).toEqual([0, 1, 2]);
  });

  it.each([1, 2, 3, 4, 5])('accepts %i bytes at a limit of that size', (n) => {
    const bytes = new Uint8Array(n).fill(7);
    expect(parseDataUrl(url(bytes), n).bytes.byteLength).toBe(n);
  });

  it.each([1, 2, 3, 4, 5])('refuses %i bytes at a limit of one less', (n) => {
    const bytes = new Uint8Array(n).fill(7);
    expect(() => parseDataUrl(url(bytes), n - 1)).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });

  it('names the limit in the too-large message', () => {
    const big = url(new Uint8Array(10 * 1024 * 1024 + 1));
    expect(() => parseDataUrl(big, 10 * 1024 * 1024)).toThrow(
      'The image is too large, maximum size is 10MB',
    );
  });

  it('judges the size from the length alone, before looking at the data', () => {
    const oversize = `data:image/png;base64,${'!'.repeat(4000)}`;
    expect(() => parseDataUrl(oversize, 1000)).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });

  it.each([
    ['not a data URL', 'https://example.com/a.png'],
    ['no comma', 'data:image/png;base64'],
    ['not base64', 'data:image/png,%89PNG'],
    ['no MIME type', 'data:;base64,AAAA'],
    ['a bad character', 'data:image/png;base64,AA*A'],
    ['a bad length', 'data:image/png;base64,AAAAA'],
    ['padding in the middle', 'data:image/png;base64,AA==AAAA'],
    ['whitespace', 'data:image/png;base64,AA AA'],
    ['no data', 'data:image/png;base64,'],
  ])('refuses a data URL with %s', (_what, dataUrl) => {
    expect(() => parseDataUrl(dataUrl, 1000)).toThrow(
      expect.objectContaining({ code: 'validation' }),
    );
  });
});
