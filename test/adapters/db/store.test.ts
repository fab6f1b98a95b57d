import { describe, expect, it } from 'vitest';
import { DatabaseError, translateDbError } from '../../../src/adapters/db/db-errors';
import { DomainError } from '../../../src/domain/errors';
import { domainError, setup } from './fixtures';

describe('createStore', () => {
  it('answers ping', async () => {
    const { store } = await setup();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('commits a transaction whose work resolves, with every repository bound to it', async () => {
    const { store } = await setup();
    const result = await store.transaction(async (tx) => {
      const u = await tx.users.create({ walletAddress: 'tx-wallet', username: '' });
      const p = await tx.products.create({
        name: 'n',
        description: 'd',
        price: '1.00',
        category: 'other',
        condition: 'new',
        sellerId: u.id,
        location: null,
        imageUrl: null,
        requiresAddress: false,
        requiresEmail: false,
        requiresName: false,
        quantity: 1,
      });
      await tx.signatures.claim('tx-sig', 'payment', null);
      await tx.nonces.create({
        nonce: 'tx',
        walletAddress: 'w',
        message: 'm',
        expiresAt: new Date(),
      });
      expect(await tx.products.findById(p.id)).not.toBeNull();
      return p.id;
    });
    expect(await store.products.findById(result)).not.toBeNull();
    expect(await store.signatures.find('tx-sig')).not.toBeNull();
  });

  it('rolls everything back when the work throws, and passes the error through', async () => {
    const { store } = await setup();
    const boom = new DomainError('invalid_transition', 'no');
    await expect(
      store.transaction(async (tx) => {
        await tx.users.create({ walletAddress: 'rolled-back', username: '' });
        await tx.signatures.claim('rolled-back-sig', 'release', null);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await store.users.findByWallet('rolled-back')).toBeNull();
    expect(await store.signatures.find('rolled-back-sig')).toBeNull();
  });

  it('rolls back when a repository inside refuses (a used signature), with a DomainError', async () => {
    const { store } = await setup();
    await store.signatures.claim('used', 'payment', null);
    await domainError(
      store.transaction(async (tx) => {
        await tx.users.create({ walletAddress: 'half-done', username: '' });
        await tx.signatures.claim('used', 'payment', null);
      }),
      'conflict',
    );
    expect(await store.users.findByWallet('half-done')).toBeNull();
  });
});

describe('translateDbError', () => {
  it('turns an unexpected driver error into a DatabaseError without SQL in its message', async () => {
    const { knex } = await setup();
    const raw = await knex
      .raw('select * from no_such_table where secret = ?', ['x'])
      .catch((e) => e);
    const error = translateDbError(raw);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error.message).toBe('Database error (SQLSTATE 42P01)');
    expect((error as DatabaseError).cause).toBe(raw);
  });

  it('keeps DomainErrors as they are', () => {
    const original = new DomainError('conflict', 'x');
    expect(translateDbError(original)).toBe(original);
  });
});
