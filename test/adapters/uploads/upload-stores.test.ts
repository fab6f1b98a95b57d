import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text as readText } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { FsUploadStore } from '@src/adapters/uploads/fs-upload-store';
import { MemoryUploadStore } from '@src/adapters/uploads/memory-upload-store';
import { PgUploadStore } from '@src/adapters/uploads/pg-upload-store';
import type { ServedUploadStore } from '@src/adapters/uploads/upload-file';
import { TRACKING_MIME_TYPES } from '@src/domain/tracking';
import { backend, freshStore } from '@test/support/db';
import { exe, pdf, png, text } from './fixtures';

// One contract for every upload store: what the app and GET /uploads rely on, whichever store
// the configuration picks. The content checks themselves are inspect-upload.ts's (tested in
// fs-upload-store.test.ts); here each store shows it makes them.

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const HEX = '0123456789abcdef0123456789abcdef';

interface Made {
  store: ServedUploadStore;
  close(): Promise<void>;
}

const STORES: [string, () => Promise<Made>][] = [
  [
    'fs',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'mp-store-'));
      return {
        store: new FsUploadStore({ dir }),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  ['memory', async () => ({ store: new MemoryUploadStore(), close: async () => undefined })],
  [
    `postgres (${backend})`,
    async () => {
      const db = await freshStore();
      return { store: new PgUploadStore(db.knex), close: db.close };
    },
  ],
];

const opened: Made[] = [];
afterEach(async () => {
  for (const made of opened.splice(0)) await made.close();
});

async function bytesOf(store: ServedUploadStore, name: string): Promise<Uint8Array | null> {
  const file = await store.resolve(name)?.open();
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  expect(bytes.byteLength).toBe(file.size);
  return bytes;
}

async function all(names: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const name of names) out.push(name);
  return out;
}

describe.each(STORES)('the %s upload store', (_, make) => {
  const setup = async () => {
    const made = await make();
    opened.push(made);
    const { store } = made;
    const image = (data: Uint8Array, declaredName?: string) =>
      store.save(data, { kind: 'image', allowed: IMAGES, maxBytes: 1000, declaredName });
    const proof = (data: Uint8Array, declaredName?: string, maxBytes = 10_000) =>
      store.save(data, { kind: 'proof', allowed: TRACKING_MIME_TYPES, maxBytes, declaredName });
    return { store, image, proof };
  };

  it('serves what it saved, under a random name with the real type and kind', async () => {
    const { store, image, proof } = await setup();
    const picture = await image(png(), 'photo.png');
    expect(picture).toEqual({
      name: expect.stringMatching(/^img-[0-9a-f]{32}\.png$/),
      mime: 'image/png',
      size: png().byteLength,
    });
    expect(store.resolve(picture.name)).toMatchObject({ mime: 'image/png', kind: 'image' });
    expect(await bytesOf(store, picture.name)).toEqual(new Uint8Array(png()));
    const receipt = await proof(pdf(), 'receipt.pdf');
    expect(receipt.name).toMatch(/^proof-[0-9a-f]{32}\.pdf$/);
    expect(store.resolve(receipt.name)).toMatchObject({ mime: 'application/pdf', kind: 'proof' });
    expect(await store.readBytes(receipt.name)).toEqual(new Uint8Array(pdf()));
  });

  it('streams a file larger than one read slice whole', async () => {
    const { store, proof } = await setup();
    const big = text('a line of shipping notes\n'.repeat(40_000)); // ~1 MB
    const stored = await proof(big, 'notes.txt', 2_000_000);
    const file = await store.resolve(stored.name)!.open();
    expect(file!.size).toBe(big.byteLength);
    expect(await readText(file!.body)).toBe(new TextDecoder().decode(big));
  });

  it('gives the same bytes saved twice two names, each removable on its own', async () => {
    const { store, image } = await setup();
    const [a, b] = await Promise.all([image(png()), image(png())]);
    expect(a.name).not.toBe(b.name);
    await store.remove(a.name);
    expect(await bytesOf(store, a.name)).toBeNull();
    expect(await bytesOf(store, b.name)).toEqual(new Uint8Array(png()));
    await store.remove(b.name);
    expect(await bytesOf(store, b.name)).toBeNull();
    expect(await all(store.listNames())).toEqual([]);
  });

  it('keeps nothing it refuses: wrong type, over the limit, empty', async () => {
    const { store, image, proof } = await setup();
    await expect(image(pdf(), 'x.png')).rejects.toMatchObject({ code: 'unsupported_media' });
    await expect(proof(exe(), 'tool.exe')).rejects.toMatchObject({ code: 'unsupported_media' });
    await expect(proof(png(), 'shot.png', 10)).rejects.toMatchObject({ code: 'too_large' });
    await expect(proof(new Uint8Array(0), 'empty.txt')).rejects.toMatchObject({
      message: 'empty.txt is empty',
    });
    expect(await all(store.listNames())).toEqual([]);
  });

  it('removes a missing file quietly and refuses a name it never writes', async () => {
    const { store } = await setup();
    await expect(store.remove(`img-${HEX}.png`)).resolves.toBeUndefined();
    await expect(store.remove('../package.json')).rejects.toMatchObject({ code: 'validation' });
  });

  it.each(['package.json', 'img-../../x.png', `img-${HEX}.exe`, `img-${HEX}.png/`, '%00'])(
    'resolves no file for %s',
    async (name) => {
      const { store } = await setup();
      expect(store.resolve(name)).toBeNull();
    },
  );

  it('opens nothing for a well-formed name it does not hold', async () => {
    const { store } = await setup();
    expect(await store.resolve(`proof-${HEX}.pdf`)!.open()).toBeNull();
    expect(await store.readBytes(`proof-${HEX}.pdf`)).toBeNull();
  });

  it('takes a file under a given name once: again with the same bytes is a no-op', async () => {
    const { store } = await setup();
    const name = `img-${HEX}.png`;
    expect(await store.put(name, png())).toBe('stored');
    expect(await store.put(name, png())).toBe('present');
    await expect(store.put(name, text('other'))).rejects.toThrow(/other bytes/);
    await expect(store.put('notes.txt', text('x'))).rejects.toMatchObject({ code: 'validation' });
    expect(await all(store.listNames())).toEqual([name]);
    expect(await bytesOf(store, name)).toEqual(new Uint8Array(png()));
  });

  it('lists every stored name in name order', async () => {
    const { store, image, proof } = await setup();
    const names = [(await image(png())).name, (await proof(pdf())).name, (await image(png())).name];
    expect(await all(store.listNames())).toEqual([...names].sort());
  });
});
