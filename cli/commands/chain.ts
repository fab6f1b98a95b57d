import { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { chainAirdropCommand } from './chain-airdrop';
import { chainStartCommand } from './chain-start';
import { chainWarpCommand } from './chain-warp';

export function chainCommand(ctx: Ctx): Command {
  return new Command('chain')
    .description('the local Solana chain')
    .addCommand(chainStartCommand(ctx))
    .addCommand(chainAirdropCommand(ctx))
    .addCommand(chainWarpCommand(ctx));
}
