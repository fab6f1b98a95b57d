import type { Step } from '../lib/runner';

interface Report {
  unmatchedPayments: {
    signature: string;
    from: string;
    lamports: string;
    ledger: string | null;
    senderUserId: number | null;
  }[];
  missingPayments: { orderId: number; signature: string | null; status: string }[];
  difference: string;
}

/**
 * After the journey, the escrow wallet's history on chain against the orders: no payment from a
 * user without an order (a buyer who paid twice would show here), no order without its payment,
 * and escrow holds at least what it owes. Transfers from wallets no user has (the faucet's fee
 * money for the escrow wallet) are no purchase. A node's history lags its statuses, so it is
 * asked for up to 10 s.
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
        BigInt(report.difference) >= 0n;
      if (clean) return;
      if (Date.now() > deadline) {
        throw new Error(`Reconcile is not clean: ${JSON.stringify(report, null, 1)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  },
};
