import { Command, Option } from 'commander';
import { z } from 'zod';
import { claimEscrowOutcome, escrowOutcome } from '@src/contracts/orders';
import { orderWire } from '@src/contracts/wire';
import { claimClose, claimSession, type ClaimFlags } from '../lib/claim-close';
import type { Ctx } from '../lib/context';
import { parseId } from '../lib/orders';
import { apiOption, jsonOption, signatureOption } from '../lib/options';
import { print, printJson } from '../lib/output';

/** `orders claim <id>`: multisig mode, the party a payout is due to takes it. */
export function ordersCommand(ctx: Ctx): Command {
  const orders = new Command('orders').description('a buyer’s or seller’s own orders');
  orders.addCommand(
    new Command('claim')
      .description(
        'multisig mode: take a payout due to you (the seller’s release, the buyer’s refund): sign the close the arbiter signed, send it and have it recorded',
      )
      .argument('<orderId>', 'order id')
      .addOption(apiOption())
      .addOption(
        new Option(
          '--keypair <file>',
          'your keypair file (Solana CLI JSON), the party paid',
        ).makeOptionMandatory(),
      )
      .addOption(
        new Option(
          '--rpc <url>',
          "your Solana RPC URL, to check the close and send it (the server's only when it is on this machine)",
        ).env('SOLANA_RPC_URL'),
      )
      .addOption(signatureOption())
      .addOption(jsonOption())
      .action(async (idText: string, flags: ClaimFlags) => {
        const id = parseId(idText, 'Order id');
        const who = await claimSession(flags, ctx.logger);
        const {
          offered,
          sent,
          recorded: order,
        } = await claimClose(who, flags, ctx.logger, {
          offer: () => who.api.send(escrowOutcome, { params: { id } }),
          record: (signature) =>
            who.api.send(claimEscrowOutcome, { params: { id }, body: { signature } }),
          again: `marketplace orders claim ${id} --api ${flags.api} --keypair ${flags.keypair}`,
        });
        const outcome =
          offered?.outcome ??
          (order.releaseTransactionHash === sent.signature ? 'release' : 'refund');
        if (flags.json) {
          return printJson({ order: z.encode(orderWire, order), outcome, ...sent });
        }
        print(
          `${outcome === 'release' ? 'Payment claimed' : 'Refund claimed'}: order #${id} is ${order.status}`,
        );
        print(`Signature:    ${sent.signature}`);
        print(`Explorer:     ${sent.explorerUrl}`);
      }),
  );
  return orders;
}
