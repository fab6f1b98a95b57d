import { describe, expect, it } from 'vitest';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

export function usersContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`UserRepository (${kind.name})`, () => {
    it('creates a user and finds it by id and by wallet', async () => {
      const { store } = await setup();
      const user = await store.users.create({ walletAddress: 'Wa11et', username: 'alice' });
      expect(user).toEqual({
        id: expect.any(Number),
        walletAddress: 'Wa11et',
        username: 'alice',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(await store.users.findById(user.id)).toEqual(user);
      expect(await store.users.findByWallet('Wa11et')).toEqual(user);
    });

    it('finds nothing for an unknown id or wallet, and wallets are case-sensitive', async () => {
      const { store } = await setup();
      await store.users.create({ walletAddress: 'Wa11et', username: '' });
      expect(await store.users.findById(999)).toBeNull();
      expect(await store.users.findByWallet('wa11et')).toBeNull();
    });

    it('refuses a second user for the same wallet with a conflict', async () => {
      const { store } = await setup();
      await store.users.create({ walletAddress: 'dup', username: 'a' });
      const error = await domainError(
        store.users.create({ walletAddress: 'dup', username: 'b' }),
        'conflict',
      );
      expect(error.message).toBe('A user with this wallet address already exists');
    });

    it('refuses a blank wallet address', async () => {
      const { store } = await setup();
      await domainError(store.users.create({ walletAddress: '  ', username: '' }), 'validation');
    });

    it('findOrCreate creates once with an empty username, then returns the same user', async () => {
      const { store } = await setup();
      const created = await store.users.findOrCreate('new-wallet');
      expect(created).toMatchObject({ walletAddress: 'new-wallet', username: '' });
      expect(await store.users.findOrCreate('new-wallet')).toEqual(created);
    });

    it('findOrCreate is safe when many callers race for the same wallet', async () => {
      const { store, countUsers } = await setup();
      const users = await Promise.all(
        Array.from({ length: 20 }, () => store.users.findOrCreate('racing-wallet')),
      );
      expect(new Set(users.map((u) => u.id)).size).toBe(1);
      expect(await countUsers('racing-wallet')).toBe(1);
    });

    it('numbers users from 1', async () => {
      const { store } = await setup();
      const first = await store.users.create({ walletAddress: 'first', username: '' });
      expect(first.id).toBe(1);
      expect((await store.users.create({ walletAddress: 'second', username: '' })).id).toBe(2);
    });

    it('hands out copies: changing a user it returned changes nothing stored', async () => {
      const { store } = await setup();
      const user = await store.users.create({ walletAddress: 'mine', username: 'alice' });
      user.username = 'mallory';
      (await store.users.findByWallet('mine'))!.walletAddress = 'theirs';
      expect(await store.users.findById(user.id)).toMatchObject({
        walletAddress: 'mine',
        username: 'alice',
      });
    });
  });
}
