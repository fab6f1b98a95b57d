import { createHash } from 'node:crypto';

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(asBuffer(a), asBuffer(b)) === 0;
}

/** A Buffer over the same memory (no copy). */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** The SHA-256 of the bytes, as 64 lower-case hex digits: the content address. */
export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
