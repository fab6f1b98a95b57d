import type { UploadKind } from '../../app/ports';
import { DomainError, validation } from '../../domain/errors';
import { formatLimit } from '../../domain/limits';
import { MEDIA_TYPES, describeAllowed, describeMime, detectMime, extensionOf } from './media-types';
import { isUploadName } from './upload-names';

export interface SaveOptions {
  kind: UploadKind;
  allowed: readonly string[];
  maxBytes: number;
  declaredName?: string;
}

/**
 * The checks every upload store makes before it keeps a file: size, then the real type from the
 * bytes (never the name) against `allowed`, then the declared name's extension against that
 * type. Returns the type and the extension the stored name carries.
 */
export async function inspectUpload(
  data: Uint8Array,
  opts: SaveOptions,
): Promise<{ mime: string; ext: string }> {
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
    throw new DomainError('unsupported_media', `${label} is not ${describeAllowed(opts.allowed)}`, {
      detected: mime,
    });
  }
  const ext = extensionOf(declared);
  // A name no allowed type carries (.exe): the kinds it may be, not what its bytes look like.
  if (ext && !opts.allowed.some((allowed) => MEDIA_TYPES[allowed]?.names.includes(ext))) {
    throw new DomainError('unsupported_media', `${label} is not ${describeAllowed(opts.allowed)}`, {
      detected: mime,
    });
  }
  if (ext && !type.names.includes(ext)) {
    throw new DomainError(
      'unsupported_media',
      `${label} is named .${ext} but is ${describeMime(mime)}`,
      { detected: mime },
    );
  }
  return { mime, ext: type.ext };
}

/** A name the store could have written, else the validation error of a remove. */
export function storedName(name: string): string {
  if (!isUploadName(name)) throw validation(`${displayName(String(name))} is not a stored file`);
  return name;
}

/** The declared name as a message may show it: base name only, no control characters. */
export function displayName(declared: string): string {
  const base = declared.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120);
  return clean || 'The file';
}
