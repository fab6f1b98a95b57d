import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { UploadKind } from '../../app/ports';
import { MEDIA_TYPES, mimeOfExtension } from './media-types';

const PREFIX: Record<UploadKind, string> = { image: 'img', proof: 'proof' };
const EXTENSIONS = Object.values(MEDIA_TYPES).map((type) => type.ext);

/** The only names the store ever writes: kind prefix, 32 hex digits, a known extension. */
const STORED_NAME = new RegExp(`^(img|proof)-[0-9a-f]{32}\\.(${EXTENSIONS.join('|')})$`);

/** A fresh random name for a stored file of `kind` with the real type's extension. */
export function newUploadName(kind: UploadKind, ext: string): string {
  return `${PREFIX[kind]}-${randomBytes(16).toString('hex')}.${ext}`;
}

/** Whether `name` is one the store could have written (no path, no encoding, no tricks). */
export function isUploadName(name: unknown): name is string {
  return typeof name === 'string' && STORED_NAME.test(name);
}

export interface ResolvedUpload {
  path: string;
  mime: string;
  kind: UploadKind;
}

/**
 * What a stored name says of its file: kind from the prefix (images are public, proofs
 * private), MIME type from the extension. Any name the store would not have written (slashes,
 * `..`, percent-encoding, NUL, other extensions) gives null.
 */
export function parseUploadName(name: string): { mime: string; kind: UploadKind } | null {
  if (!isUploadName(name)) return null;
  const match = STORED_NAME.exec(name)!;
  const mime = mimeOfExtension(match[2]!);
  if (!mime) return null;
  return { mime, kind: match[1] === 'img' ? 'image' : 'proof' };
}

/** Where a stored file lives on disk and how to serve it (parseUploadName); no disk access. */
export function resolveUpload(dir: string, name: string): ResolvedUpload | null {
  const parsed = parseUploadName(name);
  return parsed && { path: path.join(path.resolve(dir), name), ...parsed };
}
