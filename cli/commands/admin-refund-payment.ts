import { Command, Option } from 'commander';
import { listPayments, refundPayment, reservePaymentRefund } from '@src/contracts/payments';
import { paymentWire } from '@src/contracts/wire';
import { z } from 'zod';
import { adminSession } from '../lib/admin-session';
import type { Ctx } from '../lib/context';
import { CliError } from '../lib/errors';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson } from '../lib/output';
import type { PayoutFlags } from '../lib/payout';

export function adminRefundPaymentCommand(ctx: Ctx): Command {
  return adminOptions(new Command('refund-payment'))
    .description('pay back a verified payment that bought nothing (status refund_due)')
    .argument('<paymentSignature>', "signature of the buyer's payment to the escrow")
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--signature <sig>', 'record a refund transfer an earlier run already sent')
    .addOption(new Option('--rpc <url>', "Solana RPC URL (default: the server's)"))
    .addOption(jsonOption())
    .action(async (paymentSignature: string, flags: AdminFlags & PayoutFlags) => {
      const session = await adminSession(flags, ctx.logger);
      const payments = await session.api.send(listPayments, {
        query: { walletAddress: session.wallet },
      });
      const payment = payments.find((p) => p.signature === paymentSignature);
      if (!payment) throw new CliError(`Payment ${paymentSignature} not found`);
      if (payment.status !== 'refund_due') {
        throw new CliError(
          `Payment ${paymentSignature} is ${payment.status.replace('_', ' ')}, not due for a refund`,
        );
      }
      const { payOut } = await import('../lib/payout');
      const result = await payOut(
        session,
        {
          title: 'Refund a payment that bought nothing',
          details: [
            ['Payment', payment.signature],
            ['Reason', payment.reason ?? '-'],
          ],
          to: payment.payerWallet,
          lamports: payment.lamports,
          // One refund of the payment under way at a time (another admin, the browser).
          reserve: async (lastValidBlockHeight) =>
            (
              await session.api.send(reservePaymentRefund, {
                params: { signature: paymentSignature },
                query: { walletAddress: session.wallet },
                body: { lastValidBlockHeight: lastValidBlockHeight.toString() },
              })
            ).reference,
          record: (signature) =>
            session.api
              .send(refundPayment, {
                params: { signature: paymentSignature },
                query: { walletAddress: session.wallet },
                body: { refundTransactionHash: signature },
              })
              .catch(async (error: unknown) => {
                // Another admin's reservation found this transfer on chain and recorded it first.
                const now = (
                  await session.api.send(listPayments, { query: { walletAddress: session.wallet } })
                ).find((p) => p.signature === paymentSignature);
                if (now?.refundSignature === signature) return now;
                throw error;
              }),
          finishCommand: (sig) =>
            `marketplace admin refund-payment ${paymentSignature} --signature ${sig} --keypair ${flags.keypair} --api ${flags.api}`,
        },
        flags,
        ctx.logger,
      );
      if (flags.json) {
        const recorded = z.encode(paymentWire, result.recorded);
        return printJson({ payment: recorded, ...result, recorded });
      }
      print(`Refunded payment ${paymentSignature} to ${payment.payerWallet}`);
      print(`Signature: ${result.signature}`);
      print(`Explorer:  ${result.explorerUrl}`);
    });
}
