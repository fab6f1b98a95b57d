import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile, UploadKind, UploadStore } from '../../app/ports';
import { DomainError, validation } from '../../domain/errors';
import { formatLimit } from './limits';
import { MEDIA_TYPES, describeAllowed, describeMime, detectMime, extensionOf } from './media-types';
import { isUploadName, newUploadName } from './upload-names';

export { resolveUpload } from './upload-names';
export { parseDataUrl } from './data-url';

interface SaveOptions {
  kind: UploadKind;
  allowed: readonly string[];
  maxBytes: number;
  declaredName?: string;
}

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
    const declared = opts.declaredName ?? '';
    const label = displayName(declared);
    if (data.byteLength > opts.maxBytes) {
      throw new DomainError(
        'too_large',
        `${label} is too large, maximum size is ${formatLimit(opts.maxBytes)}`,
        { maxBytes: opts.maxBytes },
      );
    }
    if (data.byteLength === 0) throw validation(`${label} is empty`);
    const mime = await detectMime(data, declared);
    const type = mime ? MEDIA_TYPES[mime] : undefined;
    if (!mime || !type || !opts.allowed.includes(mime)) {
      throw new DomainError(
        'unsupported_media',
        `${label} is not ${describeAllowed(opts.allowed)}`,
        { detected: mime },
      );
    }
    const ext = extensionOf(declared);
    if (ext && !type.names.includes(ext)) {
      throw new DomainError(
        'unsupported_media',
        `${label} is named .${ext} but is ${describeMime(mime)}`,
        { detected: mime },
      );
    }
    const name = newUploadName(opts.kind, type.ext);
    await this.writeAtomically(name, data);
    return { name, mime, size: data.byteLength };
  }

  /** Deletes a stored file; a missing one is fine, a name the store never writes is refused. */
  async remove(name: string): Promise<void> {
    if (!isUploadName(name)) throw validation(`${displayName(String(name))} is not a stored file`);
    try {
      await unlink(path.join(this.dir, name));
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

/** The declared name as a message may show it: base name only, no control characters. */
function displayName(declared: string): string {
  const base = declared.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120);
  return clean || 'The file';
}
