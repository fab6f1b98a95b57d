import { describe, expect, it } from 'vitest';
import { MemoryUploadStore } from '@src/adapters/uploads/memory-upload-store';
import { TRACKING_MIME_TYPES } from '@src/domain/tracking';
import { exe, pdf, png, text } from '@test/adapters/uploads/fixtures';

// The checks themselves are the filesystem store's (inspect-upload.ts, tested with it); these
// show that the memory store makes them and keeps what passes.

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function setup() {
  const uploads = new MemoryUploadStore();
  const proof = (data: Uint8Array, declaredName?: string, maxBytes = 1000) =>
    uploads.save(data, { kind: 'proof', allowed: TRACKING_MIME_TYPES, maxBytes, declaredName });
  return { uploads, proof };
}

describe('MemoryUploadStore', () => {
  it('keeps a copy of the bytes under a random name with the real type', async () => {
    const { uploads } = setup();
    const bytes = png();
    const stored = await uploads.save(bytes, { kind: 'image', allowed: IMAGES, maxBytes: 1000 });
    expect(stored).toEqual({
      name: expect.stringMatching(/^img-[0-9a-f]{32}\.png$/),
      mime: 'image/png',
      size: bytes.byteLength,
    });
    bytes.fill(0);
    expect(uploads.read(stored.name)).toEqual({ bytes: new Uint8Array(png()), mime: 'image/png' });
    expect(uploads.names()).toEqual([stored.name]);
  });

  it('refuses what the bytes say is another type than the name', async () => {
    const { uploads, proof } = setup();
    await expect(proof(text('#!/bin/sh\n'), 'photo.jpg')).rejects.toMatchObject({
      code: 'unsupported_media',
      message: 'photo.jpg is named .jpg but is a text file',
    });
    expect(uploads.names()).toEqual([]);
  });

  it('refuses a type that is not allowed', async () => {
    const { uploads, proof } = setup();
    await expect(proof(exe(), 'setup.exe')).rejects.toMatchObject({ code: 'unsupported_media' });
    const image = uploads.save(pdf(), { kind: 'image', allowed: IMAGES, maxBytes: 1000 });
    await expect(image).rejects.toMatchObject({ code: 'unsupported_media' });
  });

  it('refuses a file over the limit, and an empty one', async () => {
    const { proof } = setup();
    await expect(proof(png(), 'a.png', 10)).rejects.toMatchObject({ code: 'too_large' });
    await expect(proof(new Uint8Array(0), 'a.txt')).rejects.toMatchObject({ code: 'validation' });
  });

  it('removes a stored file, is fine with a missing one and refuses a name it never writes', async () => {
    const { uploads, proof } = setup();
    const { name } = await proof(pdf(), 'receipt.pdf');
    await uploads.remove(name);
    expect(uploads.read(name)).toBeNull();
    await uploads.remove(name);
    await expect(uploads.remove('../etc/passwd')).rejects.toMatchObject({ code: 'validation' });
  });
});
