import { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { adminDeleteProductCommand } from './admin-delete-product';
import { adminOrdersCommand } from './admin-orders';
import { adminPaymentsCommand } from './admin-payments';
import { adminProductsCommand } from './admin-products';
import { adminReconcileCommand } from './admin-reconcile';
import { adminRefundCommand } from './admin-refund';
import { adminRefundPaymentCommand } from './admin-refund-payment';
import { adminReleaseCommand } from './admin-release';
import { adminSettleCommand } from './admin-settle';

export function adminCommand(ctx: Ctx): Command {
  const admin = new Command('admin').description(
    'admin tasks, signed in with the admin (escrow) keypair',
  );
  for (const make of [
    adminProductsCommand,
    adminOrdersCommand,
    adminDeleteProductCommand,
    adminReleaseCommand,
    adminRefundCommand,
    adminSettleCommand,
    adminPaymentsCommand,
    adminRefundPaymentCommand,
    adminReconcileCommand,
  ]) {
    admin.addCommand(make(ctx));
  }
  return admin;
}
