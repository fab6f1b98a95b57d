import { mkdtempSync, readdirSync, rmSync, watch, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FsUploadStore, resolveUpload } from '@src/adapters/uploads/fs-upload-store';
import { png, text } from './fixtures';

const HEX = '0123456789abcdef0123456789abcdef';
const dirs: string[] = [];

function setup() {
  const root = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  dirs.push(root);
  const dir = path.join(root, 'store');
  const store = new FsUploadStore({ dir });
  const save = (data: Uint8Array, kind: 'image' | 'proof' = 'proof') =>
    store.save(data, { kind, allowed: ['image/png', 'text/plain'], maxBytes: 4 << 20 });
  return { root, dir, store, save };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TRICKS = [
  '../x',
  `../img-${HEX}.png`,
  `%2e%2e%2fimg-${HEX}.png`,
  `img-${HEX}%2epng`,
  'a/b',
  `sub/img-${HEX}.png`,
  '/etc/passwd',
  `/tmp/img-${HEX}.png`,
  '',
  `img-${HEX}.png\0`,
  `img-${HEX}.png\0.txt`,
  `img-${HEX.toUpperCase()}.png`,
  `img-${HEX}.PNG`,
  `img-${HEX}.exe`,
  `img-${HEX}.png/..`,
  `other-${HEX}.png`,
  '.tmp-0123456789abcdef',
  `img-${HEX}`,
];

describe('resolveUpload', () => {
  it('serves a product image as public with its MIME type', () => {
    expect(resolveUpload('/srv/uploads', `img-${HEX}.jpg`)).toEqual({
      path: `/srv/uploads/img-${HEX}.jpg`,
      mime: 'image/jpeg',
      kind: 'image',
    });
  });

  it.each([
    ['pdf', 'application/pdf'],
    ['doc', 'application/msword'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['txt', 'text/plain'],
  ])('serves a .%s proof as private with %s', (ext, mime) => {
    expect(resolveUpload('uploads', `proof-${HEX}.${ext}`)).toEqual({
      path: path.resolve('uploads', `proof-${HEX}.${ext}`),
      mime,
      kind: 'proof',
    });
  });

  it.each(TRICKS)('refuses the name %j', (name) => {
    expect(resolveUpload('/srv/uploads', name)).toBeNull();
  });

  it('resolves the names the store writes', async () => {
    const { dir, save } = setup();
    const stored = await save(png(), 'image');
    expect(resolveUpload(dir, stored.name)).toEqual({
      path: path.join(dir, stored.name),
      mime: 'image/png',
      kind: 'image',
    });
  });
});

describe('FsUploadStore.remove', () => {
  it('deletes a stored file', async () => {
    const { dir, store, save } = setup();
    const stored = await save(text('proof'));
    await store.remove(stored.name);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('ignores a file that is already gone', async () => {
    const { store } = setup();
    await expect(store.remove(`proof-${HEX}.txt`)).resolves.toBeUndefined();
  });

  it.each(TRICKS)('refuses the name %j and deletes nothing', async (name) => {
    const { root, store } = setup();
    const outside = path.join(root, 'x');
    writeFileSync(outside, 'keep me');
    await expect(store.remove(name)).rejects.toMatchObject({ code: 'validation' });
    expect(existsSync(outside)).toBe(true);
  });
});

describe('FsUploadStore atomic writes', () => {
  it('writes through a temporary name that is never served, then leaves only the file', async () => {
    const { dir, save } = setup();
    const seen = new Set<string>();
    const watcher = watch(dir, (_event, name) => name && seen.add(name));
    try {
      const stored = await save(text('x'.repeat(2 * 1024 * 1024 - 10)));
      await vi.waitFor(() => expect(seen).toContain(stored.name));
      const others = [...seen].filter((name) => name !== stored.name);
      expect(others.length).toBeGreaterThan(0);
      for (const name of others) expect(resolveUpload(dir, name)).toBeNull();
      expect(readdirSync(dir)).toEqual([stored.name]);
    } finally {
      watcher.close();
    }
  });

  it('leaves exactly the stored files after many concurrent saves', async () => {
    const { dir, save } = setup();
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(text(`proof number ${i}\n`))),
    );
    expect(readdirSync(dir).sort()).toEqual(stored.map((file) => file.name).sort());
  });
});
