import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { link, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from '../../app/ports';
import { validation } from '../../domain/errors';
import { inspectUpload, storedName, type SaveOptions } from './inspect-upload';
import { sameBytes } from './same-bytes';
import type { ServedUploadStore, UploadFile } from './upload-file';
import { isUploadName, newUploadName, parseUploadName } from './upload-names';

export { resolveUpload } from './upload-names';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Uploads on the local filesystem. The type is decided by the bytes, never by the name; files
 * are written under random names carrying the kind and the real type's extension, atomically
 * (temp file + rename), so a reader never sees half a file.
 */
export class FsUploadStore implements ServedUploadStore {
  readonly dir: string;

  constructor(opts: { dir: string }) {
    this.dir = path.resolve(opts.dir);
    mkdirSync(this.dir, { recursive: true });
  }

  async save(data: Uint8Array, opts: SaveOptions): Promise<StoredFile> {
    const { mime, ext } = await inspectUpload(data, opts);
    const name = newUploadName(opts.kind, ext);
    await this.writeAtomically(name, data, 'replace');
    return { name, mime, size: data.byteLength };
  }

  /** Deletes a stored file; a missing one is fine, a name the store never writes is refused. */
  async remove(name: string): Promise<void> {
    try {
      await unlink(path.join(this.dir, storedName(name)));
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }

  resolve(name: string): UploadFile | null {
    const parsed = parseUploadName(name);
    if (!parsed) return null;
    const file = path.join(this.dir, name);
    return {
      ...parsed,
      open: async () => {
        try {
          const handle = await open(file, 'r');
          const stat = await handle.stat();
          if (!stat.isFile()) {
            await handle.close();
            return null;
          }
          return { size: stat.size, body: handle.createReadStream() };
        } catch (error) {
          if (missing(error)) return null;
          throw error;
        }
      },
    };
  }

  async *listNames(): AsyncIterable<string> {
    const entries = await readdir(this.dir);
    yield* entries.filter(isUploadName).sort();
  }

  async readBytes(name: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(path.join(this.dir, storedName(name))));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async put(name: string, data: Uint8Array): Promise<'stored' | 'present'> {
    if (!parseUploadName(name)) throw validation(`${name} is not a stored file`);
    const held = await this.readBytes(name);
    if (held) {
      if (sameBytes(held, data)) return 'present';
      throw new Error(`${name} is stored already with other bytes`);
    }
    try {
      await this.writeAtomically(name, data, 'keep');
      return 'stored';
    } catch (error) {
      // Another writer got there first: fine only with the same bytes.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return this.put(name, data);
    }
  }

  /** `keep`: an existing file of that name stays (EEXIST); `replace` swaps it atomically. */
  private async writeAtomically(
    name: string,
    data: Uint8Array,
    existing: 'keep' | 'replace',
  ): Promise<void> {
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
      if (existing === 'replace') {
        await rename(temp, path.join(this.dir, name));
      } else {
        await link(temp, path.join(this.dir, name));
        await unlink(temp);
      }
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
