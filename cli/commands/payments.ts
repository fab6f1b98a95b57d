import { Command, Option } from 'commander';
import { z } from 'zod';
import { claimEscrowRefund, escrowRefund, myPayments } from '@src/contracts/payments';
import { paymentWire } from '@src/contracts/wire';
import { formatSol } from '@src/domain/money';
import { ApiClient } from '../lib/api-client';
import { claimClose, claimSession, type ClaimFlags } from '../lib/claim-close';
import type { Ctx } from '../lib/context';
import { readKeypair } from '../lib/keypair';
import { apiOption, jsonOption, signatureOption } from '../lib/options';
import { print, printJson, table } from '../lib/output';
import { signIn } from '../lib/sign-in';

const keypairOption = () =>
  new Option(
    '--keypair <file>',
    'your keypair file (Solana CLI JSON), the wallet that paid',
  ).makeOptionMandatory();

/** `payments list` and `payments claim`: a buyer's payments that bought nothing. */
export function paymentsCommand(ctx: Ctx): Command {
  const payments = new Command('payments').description(
    'your payments that bought nothing (sold out, deleted, price changed) and their refunds',
  );
  payments.addCommand(
    new Command('list')
      .description('list your payments that bought nothing')
      .addOption(apiOption())
      .addOption(keypairOption())
      .addOption(jsonOption())
      .action(async (flags: ClaimFlags) => {
        const api = new ApiClient(flags.api, ctx.logger);
        await signIn(api, await readKeypair(flags.keypair));
        const mine = await api.send(myPayments);
        if (flags.json) return printJson(mine.map((p) => z.encode(paymentWire, p)));
        if (mine.length === 0) return print('No payments that bought nothing.');
        print(
          table(mine, [
            { header: 'SIGNATURE', value: (p) => p.signature },
            { header: 'STATUS', value: (p) => p.status },
            { header: 'SOL', value: (p) => formatSol(p.lamports), align: 'right' },
            { header: 'REASON', value: (p) => p.reason ?? '', max: 40 },
          ]),
        );
      }),
  );
  payments.addCommand(
    new Command('claim')
      .description(
        'multisig mode: take back a payment that bought nothing from its escrow account (sign the close the arbiter signed, send it, have it recorded)',
      )
      .argument('<signature>', 'the payment’s transaction signature')
      .addOption(apiOption())
      .addOption(keypairOption())
      .addOption(
        new Option(
          '--rpc <url>',
          "your Solana RPC URL, to check the close and send it (the server's only when it is on this machine)",
        ).env('SOLANA_RPC_URL'),
      )
      .addOption(signatureOption())
      .addOption(jsonOption())
      .action(async (signature: string, flags: ClaimFlags) => {
        const who = await claimSession(flags, ctx.logger);
        const { sent, recorded: payment } = await claimClose(who, flags, ctx.logger, {
          offer: () => who.api.send(escrowRefund, { params: { signature } }),
          record: (close) =>
            who.api.send(claimEscrowRefund, { params: { signature }, body: { signature: close } }),
          again: `marketplace payments claim ${signature} --api ${flags.api} --keypair ${flags.keypair}`,
        });
        if (flags.json) return printJson({ payment: z.encode(paymentWire, payment), ...sent });
        print(
          `Refund claimed: ${formatSol(payment.lamports)} SOL and the escrow account's rent are back in your wallet`,
        );
        print(`Signature:    ${sent.signature}`);
        print(`Explorer:     ${sent.explorerUrl}`);
      }),
  );
  return payments;
}
