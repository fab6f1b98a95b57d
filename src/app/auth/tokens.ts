import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export const NONCE_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const randomToken = (bytes: number) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url');

/**
 * Sessions are stored by hash, so a database leak does not hand out live cookies. Every signed-in
 * request hashes its token: in this thread (a few microseconds), not as a crypto.subtle job
 * handed to the thread pool and back (about ten times the CPU).
 */
export const hashToken = (token: string): string => bytesToHex(sha256(utf8ToBytes(token)));
