import type { StoredFile, UploadStore } from '../../app/ports';
import { inspectUpload, storedName, type SaveOptions } from './inspect-upload';
import { newUploadName } from './upload-names';

/**
 * Uploads kept in memory, with the filesystem store's checks (the same code: size, the real type
 * from the bytes, the declared name's extension) and the same random names.
 */
export class MemoryUploadStore implements UploadStore {
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

  /** A stored file's bytes and type (a copy), or null. */
  read(name: string): { bytes: Uint8Array; mime: string } | null {
    const file = this.files.get(name);
    return file ? { bytes: new Uint8Array(file.bytes), mime: file.mime } : null;
  }

  /** The names of every stored file, in the order they were saved. */
  names(): string[] {
    return [...this.files.keys()];
  }
}
