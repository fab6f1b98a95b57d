import { listPayments } from '@src/contracts/payments';
import { payoutsDue } from '@src/contracts/payouts';
import { paymentWire } from '@src/contracts/wire';
import { z } from 'zod';
import { formatSol } from '@src/domain/money';
import type { AdminSession } from './admin-session';
import { wire } from './api-client';
import { claimHow } from './multisig-decision';
import { print, printJson, table } from './output';
import { dueTable, listDue } from './payouts-due';

/**
 * `admin settle` in multisig mode: the escrow wallet pays nothing (each payment waits in its own
 * escrow account), so it lists what is due and who claims it, with the command or the web
 * button that does; nothing is sent.
 */
export async function multisigSettle(
  session: AdminSession,
  flags: { json?: boolean; api: string },
): Promise<void> {
  const [rows, payments] = await Promise.all([
    listDue(session),
    session.api.send(listPayments, {
      query: { walletAddress: session.wallet, status: 'refund_due' },
    }),
  ]);
  const unbought = payments.filter((p) => p.escrowAccount !== null);
  const claims = rows.map((r) => {
    // A split is claimed by the seller (the close goes to the seller, who hands back the rest).
    const how = claimHow(r.action === 'refund' ? 'refund' : 'release', r.order.id, flags.api);
    return { orderId: r.order.id, action: r.action, party: how.party, command: how.command };
  });
  const paymentCommand = (signature: string) =>
    `marketplace payments claim ${signature} --keypair <the payer's keypair file> --api ${flags.api}`;
  if (flags.json) {
    return printJson({
      mode: 'multisig',
      due: wire(
        payoutsDue,
        rows.map(({ to: _to, lamports: _lamports, ...entry }) => entry),
      ),
      claims,
      payments: unbought.map((p) => ({
        ...z.encode(paymentWire, p),
        command: paymentCommand(p.signature),
      })),
      sent: 0,
    });
  }
  if (rows.length === 0 && unbought.length === 0) {
    return print(
      'Nothing is due. (Multisig mode: the parties claim their payouts; nothing is sent from here.)',
    );
  }
  if (rows.length > 0) {
    const total = rows.reduce((sum, r) => sum + r.lamports, 0n);
    print(`Payouts due: ${rows.length} (${formatSol(total)} SOL)`);
    print(dueTable(rows));
  }
  if (unbought.length > 0) {
    const total = unbought.reduce((sum, p) => sum + p.lamports, 0n);
    print(
      `Payments that bought nothing, due back to their payers: ${unbought.length} (${formatSol(total)} SOL)`,
    );
    print(
      table(unbought, [
        { header: 'SIGNATURE', value: (p) => p.signature },
        { header: 'SOL', value: (p) => formatSol(p.lamports), align: 'right' },
        { header: 'PAYER', value: (p) => p.payerWallet },
        { header: 'REASON', value: (p) => p.reason ?? '', max: 40 },
      ]),
    );
  }
  print('');
  print(
    'Multisig mode: each payment waits in its own escrow account, and the escrow wallet pays nothing. ' +
      'Each party claims its payout with the arbiter’s signature; nothing was sent.',
  );
  print(
    `  Orders:   marketplace orders claim <orderId> --keypair <their keypair file> --api ${flags.api}`,
  );
  print('            or on the web: Your Sales: Claim Payment, My Purchases: Claim Refund');
  if (unbought.length > 0) {
    print(
      `  Payments: marketplace payments claim <signature> --keypair <their keypair file> --api ${flags.api}`,
    );
    print('            or on the web: My Purchases: Claim Refund');
  }
}
