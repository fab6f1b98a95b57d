import { Command, Option } from 'commander';
import { adminSession } from '../lib/admin-session';
import type { Ctx } from '../lib/context';
import { serverConfig } from '../lib/chain-config';
import { multisigDecision } from '../lib/multisig-decision';
import { orderPayout, recordPayout } from '../lib/order-payout';
import { print, printJson } from '../lib/output';
import { orderWire } from '@src/contracts/wire';
import { z } from 'zod';
import { parseId } from '../lib/orders';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import type { PayoutFlags } from '../lib/payout';

/**
 * `admin release` and `admin refund`: one escrow payout for an order, then its record. In
 * multisig mode: the admin's decision, which the party paid claims (nothing is sent).
 */
export function adminPayoutCommand(ctx: Ctx, kind: 'release' | 'refund', description: string) {
  return adminOptions(new Command(kind))
    .description(description)
    .argument('<orderId>', 'order id')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--signature <sig>', 'record a transfer an earlier run already sent (sends nothing)')
    .addOption(
      new Option('--rpc <url>', "Solana RPC URL (default: the server's, from /api/config)"),
    )
    .addOption(jsonOption())
    .action(async (idText: string, flags: AdminFlags & PayoutFlags) => {
      const orderId = parseId(idText, 'Order id');
      const session = await adminSession(flags, ctx.logger);
      const config = await serverConfig(session.api);
      if (config.escrowMode !== 'multisig') {
        return orderPayout(kind, session, orderId, flags, ctx.logger);
      }
      if (flags.signature === undefined) {
        return multisigDecision(kind, session, orderId, flags, config, ctx.logger);
      }
      // A close the party already sent: the spec's call records it (checked on chain there).
      const order = await recordPayout(kind, session, orderId, flags.signature);
      if (flags.json) return printJson({ order: z.encode(orderWire, order) });
      print(`Recorded: order #${orderId} is ${order.status}`);
    });
}
