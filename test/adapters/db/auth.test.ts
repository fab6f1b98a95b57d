import { describe, expect, it } from 'vitest';
import { domainError, setup } from './fixtures';

const hour = 3_600_000;

describe('KnexSessionRepository', () => {
  it('finds a live session and not one that expired or was revoked', async () => {
    const { store, user } = await setup();
    const u = await user();
    const now = new Date('2030-01-01T12:00:00.000Z');
    const session = {
      tokenHash: 'hash-1',
      userId: u.id,
      walletAddress: u.walletAddress,
      expiresAt: new Date(now.getTime() + hour),
    };
    await store.sessions.create(session);
    expect(await store.sessions.find('hash-1', now)).toEqual(session);
    expect(await store.sessions.find('hash-1', new Date(now.getTime() + 2 * hour))).toBeNull();
    expect(await store.sessions.find('unknown', now)).toBeNull();
    await store.sessions.revoke('hash-1');
    await store.sessions.revoke('hash-1');
    await store.sessions.revoke('unknown');
    expect(await store.sessions.find('hash-1', now)).toBeNull();
  });

  it('refuses a session for an unknown user or a reused token hash', async () => {
    const { store, user } = await setup();
    const u = await user();
    const session = { tokenHash: 'h', userId: u.id, walletAddress: 'w', expiresAt: new Date() };
    await store.sessions.create(session);
    await domainError(store.sessions.create(session), 'conflict');
    await domainError(
      store.sessions.create({ ...session, tokenHash: 'h2', userId: 999 }),
      'not_found',
    );
  });
});

describe('KnexNonceRepository', () => {
  const nonce = {
    nonce: 'n-1',
    walletAddress: 'wallet',
    message: 'example.com wants you to sign in\nNonce: n-1',
    expiresAt: new Date('2030-01-01T00:05:00.000Z'),
  };

  it('consumes a nonce once, returning it; unknown nonces give null', async () => {
    const { store } = await setup();
    await store.nonces.create(nonce);
    expect(await store.nonces.consume('n-1')).toEqual(nonce);
    expect(await store.nonces.consume('n-1')).toBeNull();
    expect(await store.nonces.consume('unknown')).toBeNull();
  });

  it('of concurrent consumers exactly one gets the nonce', async () => {
    const { store } = await setup();
    await store.nonces.create(nonce);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.nonces.consume('n-1')),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('refuses a duplicate nonce', async () => {
    const { store } = await setup();
    await store.nonces.create(nonce);
    await domainError(store.nonces.create(nonce), 'conflict');
  });
});
