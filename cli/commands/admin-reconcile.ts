import { Command } from 'commander';
import type { AnswerOf } from '@src/contracts/endpoint';
import { reconcile } from '@src/contracts/payments';
import { formatSol } from '@src/domain/money';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import type { Ctx } from '../lib/context';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson, table } from '../lib/output';

const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;

export function adminReconcileCommand(ctx: Ctx): Command {
  return adminOptions(new Command('reconcile'))
    .description('compare the escrow wallet on chain with the orders and payments recorded')
    .option('--full', "read the escrow wallet's whole history again, not only what is new")
    .addOption(jsonOption())
    .action(async (flags: AdminFlags & { full?: boolean }) => {
      const session = await adminSession(flags, ctx.logger);
      const report = await session.api.send(reconcile, {
        query: { walletAddress: session.wallet, full: flags.full ? 'true' : undefined },
      });
      if (flags.json) return printJson(wire(reconcile, report));
      print(`Escrow balance: ${sol(report.escrowBalance)}`);
      print(`Must hold:      ${sol(report.mustHold)} (orders in escrow and payments due a refund)`);
      print(`Difference:     ${sol(report.difference)}`);
      print('');
      if (report.unmatchedPayments.length === 0) print('Unmatched payments: none');
      else {
        print('Unmatched payments (on chain, matching no order):');
        print(
          table(report.unmatchedPayments, [
            { header: 'SIGNATURE', value: (p) => p.signature },
            { header: 'FROM', value: (p) => p.from },
            { header: 'LEDGER', value: (p) => p.ledger ?? '-' },
            {
              header: 'SENDER',
              value: (p) =>
                p.senderUserId === null ? 'no user (top-up?)' : `user #${p.senderUserId}`,
            },
            { header: 'SOL', value: (p) => formatSol(p.lamports), align: 'right' },
          ]),
        );
        print(
          [
            'refund_due: the payment bought nothing; pay it back with admin refund-payment <signature>.',
            'Not in the ledger, from a user: a purchase never recorded; the buyer can record it again.',
            'Not in the ledger, from a wallet no user has: usually a fee top-up of the escrow wallet.',
          ].join('\n'),
        );
      }
      if (report.unrecordedPayouts) unrecordedPayouts(report.unrecordedPayouts);
      if (report.escrowAccounts) multisigAccounts(report);
      if (report.missingPayments.length === 0) print('Missing payments: none');
      else {
        print('Missing payments (orders whose payment is not on chain):');
        print(
          table(report.missingPayments, [
            { header: 'ORDER', value: (p) => p.orderId, align: 'right' },
            { header: 'SIGNATURE', value: (p) => p.signature },
          ]),
        );
      }
    });
}

/** Wallet mode: money that left the escrow wallet in a transaction the ledger does not know. */
function unrecordedPayouts(payouts: NonNullable<AnswerOf<typeof reconcile>['unrecordedPayouts']>) {
  if (payouts.length === 0) return print('Unrecorded payouts: none');
  print('Unrecorded payouts (sent from the escrow wallet, recorded by no payout or refund):');
  print(
    table(payouts, [
      { header: 'SIGNATURE', value: (p) => p.signature },
      { header: 'TO', value: (p) => p.to },
      {
        header: 'RECIPIENT',
        value: (p) => (p.recipientUserId === null ? 'no user' : `user #${p.recipientUserId}`),
      },
      { header: 'SOL', value: (p) => formatSol(p.lamports), align: 'right' },
    ]),
  );
  print(
    [
      'A payout sent but not recorded: record it with admin release|refund <orderId> --signature <sig>.',
      'One whose recording was refused, or that no admin sent: money left escrow; find out why.',
    ].join('\n'),
  );
}

/** Multisig mode: the escrow accounts of orders and of payments due back to their payers. */
function multisigAccounts(report: AnswerOf<typeof reconcile>) {
  const due = report.refundDueAccounts ?? [];
  print(
    `Escrow accounts (multisig mode): ${report.escrowAccounts!.length} of orders in escrow, ${due.length} of payments due a refund`,
  );
  if (due.length > 0) {
    print('Payments due a refund (each payer claims it: payments claim <signature>):');
    print(
      table(due, [
        { header: 'SIGNATURE', value: (p) => p.signature },
        { header: 'ACCOUNT', value: (p) => p.account },
        {
          header: 'HOLDS',
          value: (p) => (p.lamports === null ? 'closed' : formatSol(p.lamports)),
          align: 'right',
        },
        { header: 'DUE', value: (p) => formatSol(p.due), align: 'right' },
      ]),
    );
  }
}
