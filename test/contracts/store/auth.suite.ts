import { describe, expect, it } from 'vitest';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

const hour = 3_600_000;

export function authContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`SessionRepository (${kind.name})`, () => {
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

    it('ends a session at its expiry instant, not a millisecond later', async () => {
      const { store, user } = await setup();
      const u = await user();
      const expiresAt = new Date('2030-01-01T12:00:00.000Z');
      await store.sessions.create({ tokenHash: 'h', userId: u.id, walletAddress: 'w', expiresAt });
      expect(await store.sessions.find('h', new Date(expiresAt.getTime() - 1))).not.toBeNull();
      expect(await store.sessions.find('h', expiresAt)).toBeNull();
    });

    it('hands out a copy of the expiry time', async () => {
      const { store, user } = await setup();
      const u = await user();
      const expiresAt = new Date('2030-01-01T12:00:00.000Z');
      await store.sessions.create({ tokenHash: 'h', userId: u.id, walletAddress: 'w', expiresAt });
      expiresAt.setFullYear(2100);
      const found = await store.sessions.find('h', new Date('2029-12-31T00:00:00.000Z'));
      found!.expiresAt.setFullYear(2100);
      expect(await store.sessions.find('h', new Date('2050-01-01T00:00:00.000Z'))).toBeNull();
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

  describe(`NonceRepository (${kind.name})`, () => {
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
}
