import type { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { adminPayoutCommand } from './admin-payout-command';

export const adminReleaseCommand = (ctx: Ctx): Command =>
  adminPayoutCommand(
    ctx,
    'release',
    'pay the seller from escrow for an order with tracking uploaded, and record it',
  );
