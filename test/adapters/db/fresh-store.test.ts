import { describe, expect, it } from 'vitest';
import { freshStore } from '../../support/db';

describe('freshStore', () => {
  it('gives each caller its own migrated, empty database', async () => {
    const [a, b] = await Promise.all([freshStore(), freshStore()]);
    try {
      await a.store.ping();
      await a.store.users.create({ walletAddress: 'wallet-a', username: 'alice' });
      expect(await a.store.users.findByWallet('wallet-a')).toMatchObject({ username: 'alice' });
      expect(await b.store.users.findByWallet('wallet-a')).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
