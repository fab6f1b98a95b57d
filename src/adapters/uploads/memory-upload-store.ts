import { Readable } from 'node:stream';
import type { StoredFile } from '../../app/ports';
import { validation } from '../../domain/errors';
import { inspectUpload, storedName, type SaveOptions } from './inspect-upload';
import { sameBytes } from './same-bytes';
import type { ServedUploadStore, UploadFile } from './upload-file';
import { newUploadName, parseUploadName } from './upload-names';

/**
 * Uploads kept in memory, with the filesystem store's checks (the same code: size, the real type
 * from the bytes, the declared name's extension) and the same random names.
 */
export class MemoryUploadStore implements ServedUploadStore {
  private readonly files = new Map<string, { bytes: Uint8Array; mime: string }>();

  async save(data: Uint8Array, opts: SaveOptions): Promise<StoredFile> {
    const { mime, ext } = await inspectUpload(data, opts);
    const name = newUploadName(opts.kind, ext);
    this.files.set(name, { bytes: new Uint8Array(data), mime });
    return { name, mime, size: data.byteLength };
  }

  /** Deletes a stored file; a missing one is fine, a name the store never writes is refused. */
  async remove(name: string): Promise<void> {
    this.files.delete(storedName(name));
  }

  resolve(name: string): UploadFile | null {
    const parsed = parseUploadName(name);
    if (!parsed) return null;
    return {
      ...parsed,
      open: async () => {
        const file = this.files.get(name);
        return file
          ? { size: file.bytes.byteLength, body: Readable.from([Buffer.from(file.bytes)]) }
          : null;
      },
    };
  }

  async *listNames(): AsyncIterable<string> {
    yield* [...this.files.keys()].sort();
  }

  async readBytes(name: string): Promise<Uint8Array | null> {
    return this.read(storedName(name))?.bytes ?? null;
  }

  /** A stored file's bytes and type (a copy), or null. */
  read(name: string): { bytes: Uint8Array; mime: string } | null {
    const file = this.files.get(name);
    return file ? { bytes: new Uint8Array(file.bytes), mime: file.mime } : null;
  }

  async put(name: string, data: Uint8Array): Promise<'stored' | 'present'> {
    const parsed = parseUploadName(name);
    if (!parsed) throw validation(`${name} is not a stored file`);
    const held = this.files.get(name);
    if (held) {
      if (sameBytes(held.bytes, data)) return 'present';
      throw new Error(`${name} is stored already with other bytes`);
    }
    this.files.set(name, { bytes: new Uint8Array(data), mime: parsed.mime });
    return 'stored';
  }

  /** The names of every stored file, in the order they were saved. */
  names(): string[] {
    return [...this.files.keys()];
  }
}
