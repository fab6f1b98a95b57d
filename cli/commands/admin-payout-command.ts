import { Command, Option } from 'commander';
import { adminSession } from '../lib/admin-session';
import type { Ctx } from '../lib/context';
import { orderPayout } from '../lib/order-payout';
import { parseId } from '../lib/orders';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import type { PayoutFlags } from '../lib/payout';

/** `admin release` and `admin refund`: one escrow payout for an order, then its record. */
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
      await orderPayout(kind, session, orderId, flags, ctx.logger);
    });
}
