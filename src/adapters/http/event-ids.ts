import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The ids a live update stream shows its clients: the event log's position, encrypted. The log's
 * ids count every event, private ones too, so a visitor who saw ids 38 and 45 would know six
 * private events (orders, messages) happened between; the text shown says nothing of it, and
 * only a server with the key reads it back (Last-Event-ID). One AES block: the position's 8
 * bytes, then 8 zero bytes that tell a real id from a made-up one.
 */
export interface EventIds {
  encode(position: bigint): string;
  /** The position, or null for text this key did not write (another key, made up, tampered). */
  decode(text: string): bigint | null;
}

/** `secret` (EVENT_ID_KEY) shared by every server of one marketplace; unset: this process's own. */
export function eventIds(secret?: string): EventIds {
  const key = secret ? createHash('sha256').update(secret).digest() : randomBytes(32);
  const block = (encrypt: boolean, input: Buffer) => {
    const c = encrypt
      ? createCipheriv('aes-256-ecb', key, null)
      : createDecipheriv('aes-256-ecb', key, null);
    c.setAutoPadding(false);
    return Buffer.concat([c.update(input), c.final()]);
  };
  return {
    encode(position) {
      const plain = Buffer.alloc(16);
      plain.writeBigUInt64BE(position, 0);
      return block(true, plain).toString('base64url');
    },
    decode(text) {
      if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
      const raw = Buffer.from(text, 'base64url');
      if (raw.length !== 16) return null;
      const plain = block(false, raw);
      if (!plain.subarray(8).equals(Buffer.alloc(8))) return null;
      return plain.readBigUInt64BE(0);
    },
  };
}
