import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '@src/app/auth/tokens';

describe('session tokens', () => {
  it('are stored as their SHA-256, in hex (the standard test vector, and node’s own hash)', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const token = randomToken(32);
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken('ünïcødé 🔑')).toBe(createHash('sha256').update('ünïcødé 🔑').digest('hex'));
  });

  it('are 32 random bytes, base64url', () => {
    const a = randomToken(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(32)).not.toBe(a);
  });
});
