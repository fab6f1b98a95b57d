import { DomainError, validation } from '../../domain/errors';
import { formatLimit } from '../../domain/limits';

const HEADER = /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes base64 text holds, from its length alone (nothing decoded). */
const base64Size = (payload: string) => {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
};

/**
 * The bytes a base64 data URL holds, from its length alone (what an upload budget counts before
 * anything is decoded); 0 for anything else, which `parseDataUrl` refuses anyway.
 */
export function dataUrlSize(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma === -1) return 0;
  return HEADER.test(dataUrl.slice(0, comma)) ? base64Size(dataUrl.slice(comma + 1)) : 0;
}

/**
 * Splits a base64 data URL ("data:image/jpeg;base64,...") into its bytes and declared MIME type.
 * The size is checked from the base64 length before anything is decoded: an oversize one is
 * `too_large`; anything that is not a well-formed base64 data URL is a validation error.
 */
export function parseDataUrl(
  dataUrl: string,
  maxBytes: number,
): { bytes: Uint8Array; declaredMime: string } {
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:')) {
    throw validation('The image is not a data URL');
  }
  const comma = dataUrl.indexOf(',');
  const header = comma === -1 ? null : HEADER.exec(dataUrl.slice(0, comma));
  if (!header)
    throw validation('The image must be a base64 data URL, like data:image/jpeg;base64,…');
  const payload = dataUrl.slice(comma + 1);
  const size = base64Size(payload);
  if (size > maxBytes) {
    throw new DomainError(
      'too_large',
      `The image is too large, maximum size is ${formatLimit(maxBytes)}`,
      { maxBytes },
    );
  }
  if (payload.length === 0) throw validation('The image is empty');
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw validation('The image data is not valid base64');
  }
  const decoded = Buffer.from(payload, 'base64');
  return {
    bytes: new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength),
    declaredMime: header[1]!.toLowerCase(),
  };
}
