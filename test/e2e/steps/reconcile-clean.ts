import assert from 'node:assert/strict';
import { HELD_STATUSES } from '@src/domain/order';
import { assertClosed } from '../lib/escrow-chain';
import type { Step } from '../lib/runner';
import type { World } from '../lib/world';

interface Report {
  unmatchedPayments: {
    signature: string;
    from: string;
    lamports: string;
    ledger: string | null;
    senderUserId: number | null;
  }[];
  missingPayments: { orderId: number; signature: string | null; status: string }[];
  /** Wallet mode: transfers out of the escrow wallet that no payout or refund recorded. */
  unrecordedPayouts?: { signature: string; to: string; lamports: string }[];
  difference: string;
  /** Multisig mode: every order in escrow against its own escrow account. */
  escrowAccounts?: {
    orderId: number;
    account: string | null;
    lamports: string | null;
    price: string;
  }[];
}

/**
 * After the journey, the escrow wallet's history on chain against the orders: no payment from a
 * user without an order (a buyer who paid twice would show here), no order without its payment,
 * no money out of escrow that no payout recorded (a payout paid twice would show here), and
 * escrow holds at least what it owes. Transfers from wallets no user has (the faucet's fee
 * money for the escrow wallet) are no purchase. A node's history lags its statuses, so it is
 * asked for up to 10 s.
 * In multisig mode (nothing waits in the escrow wallet) the report lists every order in escrow
 * against its own account: each must be the one the journey paid into and hold exactly its price,
 * and every other escrow account of the journey must be closed on chain.
 */
export const reconcileCleanStep: Step = {
  name: '10. on chain no buyer paid twice and every order matches one payment (reconcile clean)',
  async run(w) {
    const path = `/api/admin/reconcile?walletAddress=${w.wallets.admin.address}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const report = await w.api.admin.get<Report>(path);
      const clean =
        report.unmatchedPayments.every((p) => p.senderUserId === null) &&
        report.missingPayments.length === 0 &&
        (report.unrecordedPayouts ?? []).length === 0 &&
        BigInt(report.difference) >= 0n;
      if (clean) {
        if (w.chain.info.escrowMode === 'multisig') await perOrderClean(w, report);
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`Reconcile is not clean: ${JSON.stringify(report, null, 1)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  },
};

async function perOrderClean(w: World, report: Report) {
  const accounts = report.escrowAccounts;
  assert.ok(accounts, 'multisig mode: the report lists each order’s escrow account');
  const held = await w.api.admin.get<{ id: number }[]>(
    `/api/admin/escrow-orders?walletAddress=${w.wallets.admin.address}&status=${HELD_STATUSES.join(',')}`,
  );
  assert.ok(held.length > 0, 'the journey leaves an order in escrow');
  assert.deepEqual(
    accounts.map((a) => a.orderId).sort((a, b) => a - b),
    held.map((o) => o.id).sort((a, b) => a - b),
    'one escrow account per order in escrow',
  );
  const paidInto = (w.data.escrows ?? new Map()) as Map<number, string>;
  for (const a of accounts) {
    assert.equal(a.account, paidInto.get(a.orderId), `order #${a.orderId}: the account it paid`);
    assert.equal(a.lamports, a.price, `order #${a.orderId}: its account holds exactly its price`);
  }
  assert.equal(report.difference, '0', 'the escrow accounts hold exactly what the orders say');
  const open = new Set(accounts.map((a) => a.orderId));
  for (const [orderId, account] of paidInto) {
    if (!open.has(orderId)) await assertClosed(w.chain.connection, account);
  }
  assert.ok(paidInto.size > open.size, 'the journey closed escrow accounts too');
}
