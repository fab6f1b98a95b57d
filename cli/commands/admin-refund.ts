import type { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { adminPayoutCommand } from './admin-payout-command';

export const adminRefundCommand = (ctx: Ctx): Command =>
  adminPayoutCommand(
    ctx,
    'refund',
    'pay the buyer back from escrow (order not yet completed) and cancel the order',
  );
