import { Command, Option } from 'commander';
import { listPayments } from '@src/contracts/payments';
import { PAYMENT_STATUSES, type PaymentStatus } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import type { Ctx } from '../lib/context';
import { UsageError } from '../lib/errors';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson, table } from '../lib/output';

export function adminPaymentsCommand(ctx: Ctx): Command {
  return adminOptions(new Command('payments'))
    .description('list verified escrow payments (the ledger), e.g. those due for a refund')
    .addOption(new Option('--status <status>', `only one status (${PAYMENT_STATUSES.join(', ')})`))
    .addOption(jsonOption())
    .action(async (flags: AdminFlags & { status?: string }) => {
      if (flags.status && !(PAYMENT_STATUSES as readonly string[]).includes(flags.status)) {
        throw new UsageError(`--status must be one of ${PAYMENT_STATUSES.join(', ')}`);
      }
      const session = await adminSession(flags, ctx.logger);
      const payments = await session.api.send(listPayments, {
        query: { walletAddress: session.wallet, status: flags.status as PaymentStatus | undefined },
      });
      if (flags.json) return printJson(wire(listPayments, payments));
      if (payments.length === 0) return print('No payments found.');
      print(
        table(payments, [
          { header: 'SIGNATURE', value: (p) => p.signature },
          { header: 'STATUS', value: (p) => p.status },
          { header: 'SOL', value: (p) => formatSol(p.lamports), align: 'right' },
          { header: 'PAYER', value: (p) => p.payerWallet },
          { header: 'ORDER', value: (p) => p.orderId ?? '-', align: 'right' },
          { header: 'PRODUCT', value: (p) => p.productId ?? '-', align: 'right' },
          { header: 'REASON', value: (p) => p.reason ?? '', max: 40 },
        ]),
      );
    });
}
