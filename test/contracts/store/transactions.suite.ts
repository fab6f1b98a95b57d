import { describe, expect, it } from 'vitest';
import { DomainError } from '@src/domain/errors';
import { domainError } from '@test/support/domain-error';
import { newProduct } from '@test/support/store-rows';
import { setupFor, type StoreKind } from './store-under-test';

export function transactionsContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`Store (${kind.name})`, () => {
    it('answers ping', async () => {
      const { store } = await setup();
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('commits a transaction whose work resolves, with every repository bound to it', async () => {
      const { store } = await setup();
      const result = await store.transaction(async (tx) => {
        const u = await tx.users.create({ walletAddress: 'tx-wallet', username: '' });
        const p = await tx.products.create({ ...newProduct(u.id), category: 'other' });
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

    it('refuses every statement after one in the transaction failed', async () => {
      const { store } = await setup();
      await store.signatures.claim('used', 'payment', null);
      let after: unknown;
      await store
        .transaction(async (tx) => {
          await tx.signatures.claim('used', 'payment', null).catch(() => undefined);
          after = await tx.users.findByWallet('anyone').catch((error: unknown) => error);
        })
        .catch(() => undefined);
      expect(after).toBeInstanceOf(Error);
    });

    it('keeps nothing of a transaction whose work swallowed a refused write', async () => {
      const { store } = await setup();
      await store.signatures.claim('used', 'payment', null);
      const outcome = await store
        .transaction(async (tx) => {
          await tx.users.create({ walletAddress: 'before-the-refusal', username: '' });
          await tx.signatures.claim('used', 'payment', null).catch(() => undefined);
          return 'work resolved';
        })
        .catch((error: unknown) => error);
      expect(outcome).toBe('work resolved');
      expect(await store.users.findByWallet('before-the-refusal')).toBeNull();
    });
  });
}
