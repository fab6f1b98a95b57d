import { describe, expect, it } from 'vitest';
import { createUser } from '@src/app/users/create-user';
import { appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

describe('createUser', () => {
  it("creates the user of the caller's wallet", async () => {
    const w = appWorld();
    const caller = { userId: 0, walletAddress: 'NewWallet', isAdmin: false };
    const user = await createUser(w.deps)(caller, { walletAddress: 'NewWallet', username: 'ann' });
    expect(await w.store.users.findByWallet('NewWallet')).toEqual(user);
  });

  it('refuses another wallet than the caller’s, a second user and a visitor', async () => {
    const w = appWorld();
    const me = await w.person();
    const create = createUser(w.deps);
    await domainError(create(me, { walletAddress: 'Other', username: '' }), 'validation');
    const error = await domainError(
      create(me, { walletAddress: me.walletAddress, username: '' }),
      'conflict',
    );
    expect(error.message).toBe('A user already exists for this wallet');
    await domainError(create(null, { walletAddress: 'Other', username: '' }), 'unauthenticated');
  });
});
