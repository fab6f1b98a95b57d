import { Command, Option } from 'commander';
import type { OrderWithProduct } from '@src/domain/entities';
import { ORDER_STATUSES } from '@src/domain/order';
import { adminOrders } from '@src/contracts/orders';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import type { Ctx } from '../lib/context';
import { UsageError } from '../lib/errors';
import { listOrders } from '../lib/orders';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson, table } from '../lib/output';

const fileCount = (o: OrderWithProduct) => o.uploadedFiles?.length ?? 0;

export function adminOrdersCommand(ctx: Ctx): Command {
  return adminOptions(new Command('orders'))
    .description('list escrow orders; by default those awaiting review (tracking uploaded)')
    .addOption(
      new Option(
        '--status <list>',
        `comma-separated statuses, or "all" (${ORDER_STATUSES.join(', ')})`,
      ).default('tracking_uploaded'),
    )
    .addOption(jsonOption())
    .action(async (flags: AdminFlags & { status: string }) => {
      const statuses =
        flags.status === 'all' ? 'all' : flags.status.split(',').map((s) => s.trim());
      const bad = statuses === 'all' ? undefined : statuses.find((s) => !isStatus(s));
      if (bad !== undefined) {
        throw new UsageError(`Unknown order status "${bad}"; use ${ORDER_STATUSES.join(', ')}`);
      }
      const session = await adminSession(flags, ctx.logger);
      const orders = await listOrders(session, statuses);
      if (flags.json) return printJson(wire(adminOrders, orders));
      if (orders.length === 0) return print('No orders found.');
      print(
        table(orders, [
          { header: 'ORDER', value: (o) => o.id, align: 'right' },
          { header: 'STATUS', value: (o) => o.status },
          { header: 'PRICE (SOL)', value: (o) => o.price, align: 'right' },
          { header: 'PRODUCT', value: (o) => o.product?.name ?? 'Unknown Product', max: 30 },
          { header: 'BUYER', value: (o) => o.buyerId, align: 'right' },
          { header: 'SELLER', value: (o) => o.sellerId, align: 'right' },
          { header: 'TRACKING', value: (o) => o.trackingNumber, max: 20 },
          { header: 'FILES', value: fileCount, align: 'right' },
          { header: 'CREATED', value: (o) => o.createdAt.slice(0, 16).replace('T', ' ') },
        ]),
      );
    });
}

const isStatus = (s: string) => (ORDER_STATUSES as readonly string[]).includes(s);
