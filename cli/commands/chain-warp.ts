import { Command, Option } from 'commander';
import type { Ctx } from '../lib/context';
import { CliError, UsageError } from '../lib/errors';
import { DEFAULT_LOCAL_RPC, jsonOption } from '../lib/options';
import { print, printJson } from '../lib/output';

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** "7d", "36h", "90m", "1d12h": whole seconds, more than 0. */
export function parseDuration(text: string): number {
  if (!/^(\d+[dhms])+$/.test(text)) {
    throw new UsageError(`"${text}" is not a duration (like 7d, 36h, 90m or 1d12h)`);
  }
  let seconds = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([dhms])/g)) {
    seconds += Number(n) * UNIT_SECONDS[unit!]!;
  }
  if (seconds <= 0) throw new UsageError('The duration must be more than 0');
  return seconds;
}

export function chainWarpCommand(_ctx: Ctx): Command {
  return new Command('warp')
    .description("move the local chain's clock forward (blockTime and the Clock sysvar follow)")
    .argument('<duration>', 'how far: 7d, 36h, 90m, 45s, or combined like 1d12h')
    .addOption(
      new Option('--rpc <url>', 'the local chain RPC URL')
        .env('SOLANA_RPC_URL')
        .default(DEFAULT_LOCAL_RPC),
    )
    .addOption(jsonOption())
    .action(async (durationText: string, flags: { rpc: string; json?: boolean }) => {
      const seconds = parseDuration(durationText);
      const { warpChain, ChainTimeError } = await import('@src/local-chain/time-client');
      let time;
      try {
        time = await warpChain(flags.rpc, seconds);
      } catch (error) {
        if (!(error instanceof ChainTimeError)) throw error;
        if (error.kind === 'not_local') {
          throw new CliError(
            `${flags.rpc} is not a local chain: a real cluster's clock cannot be moved`,
          );
        }
        if (error.kind === 'not_chain') throw new CliError(error.message);
        if (error.kind === 'unreachable') {
          throw new CliError(`Could not reach a chain at ${flags.rpc}: is it running?`);
        }
        throw new CliError(`The chain refused to move its clock: ${error.message}`);
      }
      const at = new Date(time.unixTimestamp * 1000).toISOString();
      if (flags.json) return printJson({ warpedSeconds: seconds, ...time, time: at });
      print(`Moved the chain's clock forward ${durationText} (${seconds} s)`);
      print(
        `Chain time: ${at} (${time.offsetSeconds} s ahead of this computer), slot ${time.slot}`,
      );
    });
}
