import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile, UploadStore } from '../../app/ports';
import { inspectUpload, storedName, type SaveOptions } from './inspect-upload';
import { newUploadName } from './upload-names';

export { resolveUpload } from './upload-names';

/**
 * Uploads on the local filesystem. The type is decided by the bytes, never by the name; files
 * are written under random names carrying the kind and the real type's extension, atomically
 * (temp file + rename), so a reader never sees half a file.
 */
export class FsUploadStore implements UploadStore {
  readonly dir: string;

  constructor(opts: { dir: string }) {
    this.dir = path.resolve(opts.dir);
    mkdirSync(this.dir, { recursive: true });
  }

  async save(data: Uint8Array, opts: SaveOptions): Promise<StoredFile> {
    const { mime, ext } = await inspectUpload(data, opts);
    const name = newUploadName(opts.kind, ext);
    await this.writeAtomically(name, data);
    return { name, mime, size: data.byteLength };
  }

  /** Deletes a stored file; a missing one is fine, a name the store never writes is refused. */
  async remove(name: string): Promise<void> {
    try {
      await unlink(path.join(this.dir, storedName(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  private async writeAtomically(name: string, data: Uint8Array): Promise<void> {
    // Dot-prefixed temp names never match the stored-name pattern, so they are never served.
    const temp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path.join(this.dir, name));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
