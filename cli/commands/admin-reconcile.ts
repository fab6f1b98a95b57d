import { Command } from 'commander';
import type { ReconcileReport } from '../../src/domain/entities';
import { formatSol } from '../../src/domain/money';
import { adminSession } from '../lib/admin-session';
import type { Ctx } from '../lib/context';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson, table } from '../lib/output';

const sol = (lamports: string) => `${formatSol(BigInt(lamports))} SOL`;

export function adminReconcileCommand(ctx: Ctx): Command {
  return adminOptions(new Command('reconcile'))
    .description('compare the escrow wallet on chain with the orders and payments recorded')
    .addOption(jsonOption())
    .action(async (flags: AdminFlags) => {
      const session = await adminSession(flags, ctx.logger);
      const report = await session.api.get<ReconcileReport>(
        '/api/admin/reconcile',
        session.query(),
      );
      if (flags.json) return printJson(report);
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
            { header: 'SOL', value: (p) => formatSol(BigInt(p.lamports)), align: 'right' },
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
