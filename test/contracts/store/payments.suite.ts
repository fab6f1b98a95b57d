import { describe, expect, it } from 'vitest';
import type { NewPayment } from '@src/app/ports';
import { PAYMENT_STATUSES } from '@src/domain/entities';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

const payment = (overrides: Partial<NewPayment> = {}): NewPayment => ({
  signature: `sig-${Math.random().toString(36).slice(2)}`,
  payerWallet: 'payer',
  lamports: 12_500_000_000n,
  productId: null,
  orderId: null,
  status: 'matched',
  reason: null,
  ...overrides,
});

export function paymentsContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`PaymentRepository (${kind.name})`, () => {
    it('records a payment and finds it by signature, lamports exact as bigint', async () => {
      const { store, order } = await setup();
      const o = await order();
      const huge = 9_000_000_000_000_000_001n; // beyond Number's exact range
      const recorded = await store.payments.record(
        payment({ signature: 'p1', lamports: huge, productId: o.productId, orderId: o.id }),
      );
      expect(recorded).toEqual({
        id: expect.any(Number),
        signature: 'p1',
        payerWallet: 'payer',
        lamports: huge,
        productId: o.productId,
        orderId: o.id,
        status: 'matched',
        reason: null,
        refundSignature: null,
        escrowAccount: null,
        createdAt: expect.stringMatching(/Z$/),
        refundedAt: null,
      });
      expect(await store.payments.findBySignature('p1')).toEqual(recorded);
      expect(await store.payments.findBySignature('p2')).toBeNull();
    });

    it('reserves a due payment’s refund once, replaces only the reservation named, and updates only from the status expected', async () => {
      const { store } = await setup();
      const due = await store.payments.record(payment({ status: 'refund_due', reason: 'x' }));
      const first = { reference: 'ref-1', lastValidBlockHeight: 9_000_000_000_000_000_001n };
      expect(await store.payments.refundReservation(due.signature)).toBeNull();
      expect(await store.payments.reserveRefund(due.signature, first, null)).toBe(true);
      expect(await store.payments.refundReservation(due.signature)).toEqual(first);
      // Taken: a second "first" reservation, or one replacing another reference, changes nothing.
      const second = { reference: 'ref-2', lastValidBlockHeight: 5n };
      expect(await store.payments.reserveRefund(due.signature, second, null)).toBe(false);
      expect(await store.payments.reserveRefund(due.signature, second, 'ref-x')).toBe(false);
      expect(await store.payments.reserveRefund(due.signature, second, 'ref-1')).toBe(true);
      expect(await store.payments.refundReservation(due.signature)).toEqual(second);

      const refunded = { status: 'refunded' as const, refundSignature: 'r1' };
      expect(await store.payments.update(due.signature, refunded, 'matched')).toBeNull();
      expect(await store.payments.update(due.signature, refunded, 'refund_due')).toMatchObject(
        refunded,
      );
      expect(await store.payments.update(due.signature, refunded, 'refund_due')).toBeNull();
      // No longer due: no reservation is taken.
      expect(await store.payments.reserveRefund(due.signature, first, 'ref-2')).toBe(false);
      const matched = await store.payments.record(payment());
      expect(await store.payments.reserveRefund(matched.signature, first, null)).toBe(false);
    });

    it('lists all payments and by status, oldest first', async () => {
      const { store } = await setup();
      const a = await store.payments.record(payment({ status: 'refund_due', reason: 'sold out' }));
      const b = await store.payments.record(payment());
      const c = await store.payments.record(payment({ status: 'refund_due', reason: 'unknown' }));
      expect((await store.payments.list()).map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      expect((await store.payments.listByStatus('refund_due')).map((p) => p.id)).toEqual([
        a.id,
        c.id,
      ]);
      expect(await store.payments.listByStatus('refunded')).toEqual([]);
    });

    it('keeps a payment’s escrow account (multisig mode), one payment per account', async () => {
      const { store } = await setup();
      const held = await store.payments.record(
        payment({ status: 'refund_due', reason: 'sold out', escrowAccount: 'escrow-1' }),
      );
      expect(held.escrowAccount).toBe('escrow-1');
      expect((await store.payments.findBySignature(held.signature))?.escrowAccount).toBe(
        'escrow-1',
      );
      const error = await domainError(
        store.payments.record(payment({ escrowAccount: 'escrow-1' })),
        'conflict',
      );
      expect(error.message).toBe('This escrow account already holds another payment');
      expect((await store.payments.record(payment({ escrowAccount: null }))).escrowAccount).toBe(
        null,
      );
    });

    it('lists one payer’s payments, oldest first', async () => {
      const { store } = await setup();
      const a = await store.payments.record(payment({ payerWallet: 'alice' }));
      await store.payments.record(payment({ payerWallet: 'bob' }));
      const c = await store.payments.record(
        payment({ payerWallet: 'alice', status: 'refund_due', reason: 'sold out' }),
      );
      expect((await store.payments.listByPayer('alice')).map((p) => p.id)).toEqual([a.id, c.id]);
      expect(await store.payments.listByPayer('carol')).toEqual([]);
    });

    it('updates a payment by signature', async () => {
      const { store, order } = await setup();
      const o = await order();
      const p = await store.payments.record(payment({ status: 'refund_due', reason: 'late' }));
      const refunded = await store.payments.update(p.signature, {
        status: 'refunded',
        refundSignature: 'refund-sig',
        orderId: o.id,
      });
      expect(refunded).toEqual({
        ...p,
        status: 'refunded',
        refundSignature: 'refund-sig',
        orderId: o.id,
        refundedAt: expect.stringMatching(/Z$/),
      });
      expect(Date.parse(refunded!.refundedAt!)).toBeGreaterThanOrEqual(Date.parse(p.createdAt));
      expect(await store.payments.update(p.signature, {})).toEqual(refunded);
      // Stamped once: recording the refunded status again keeps the first time.
      expect(await store.payments.update(p.signature, { status: 'refunded' })).toEqual(refunded);
      expect(await store.payments.update('unknown', { status: 'refunded' })).toBeNull();
    });

    it('refuses a second payment with the same signature or refund signature', async () => {
      const { store } = await setup();
      await store.payments.record(payment({ signature: 'dup' }));
      const error = await domainError(
        store.payments.record(payment({ signature: 'dup' })),
        'conflict',
      );
      expect(error.message).toBe('This transaction signature has already been used');
      const x = await store.payments.record(payment());
      const y = await store.payments.record(payment());
      await store.payments.update(x.signature, { refundSignature: 'r' });
      await domainError(store.payments.update(y.signature, { refundSignature: 'r' }), 'conflict');
    });

    it('accepts every payment status and refuses others, zero lamports and unknown orders', async () => {
      const { store } = await setup();
      for (const status of PAYMENT_STATUSES) await store.payments.record(payment({ status }));
      await domainError(store.payments.record(payment({ status: 'lost' as never })), 'validation');
      await domainError(store.payments.record(payment({ lamports: 0n })), 'validation');
      await domainError(store.payments.record(payment({ orderId: 999 })), 'not_found');
      await domainError(store.payments.record(payment({ productId: 999 })), 'not_found');
    });
  });

  describe(`SignatureRegistry (${kind.name})`, () => {
    it('claims a signature once; a second claim for anything is a conflict', async () => {
      const { store, order } = await setup();
      const o = await order();
      await store.signatures.claim('sig-a', 'payment', o.id);
      await store.signatures.claim('sig-b', 'refund', null);
      expect(await store.signatures.find('sig-a')).toEqual({ purpose: 'payment', orderId: o.id });
      expect(await store.signatures.find('sig-b')).toEqual({ purpose: 'refund', orderId: null });
      expect(await store.signatures.find('sig-c')).toBeNull();
      for (const purpose of ['payment', 'release', 'refund'] as const) {
        const error = await domainError(store.signatures.claim('sig-a', purpose, null), 'conflict');
        expect(error.message).toBe('This transaction signature has already been used');
      }
    });

    it('of concurrent claims of one signature exactly one succeeds', async () => {
      const { store } = await setup();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.signatures.claim('race', 'release', null)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('refuses an unknown purpose and an unknown order', async () => {
      const { store } = await setup();
      await domainError(store.signatures.claim('x', 'tip' as never, null), 'validation');
      await domainError(store.signatures.claim('y', 'payment', 4242), 'not_found');
    });
  });
}
