import { Command, Option } from 'commander';
import type { ChainProfile } from '@src/local-chain/profile';
import type { Ctx } from '../lib/context';
import { CliError, messageOf, UsageError } from '../lib/errors';
import { parsePort } from '../lib/numbers';
import { note, print } from '../lib/output';

function describeProfile(p: ChainProfile): string {
  const [least, most] = p.confirmSlots;
  const limit = p.rateLimit.requests
    ? `, HTTP 429 over ${p.rateLimit.requests} requests (${p.rateLimit.perMethod} per method) per ${p.rateLimit.windowMs / 1000} s`
    : '';
  return (
    `Profile ${p.name}: ${p.slotMs} ms slots, confirmed after ${least}-${most} slots, ` +
    `finalized after ${p.finalitySlots}, ${Math.round(p.dropRate * 100)} % of sends dropped, ` +
    `getTransaction ${p.txLagSlots} slots behind${limit}`
  );
}

/**
 * A taken port, named with the option that sets it: the JSON-RPC port is --port, the WebSocket
 * port is --port + 1 (which nothing else says). Undefined for any other failure.
 */
function takenPort(error: unknown, rpcPort: number): string | undefined {
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e.code !== 'EADDRINUSE' || e.port === undefined) return undefined;
  const which =
    e.port === rpcPort + 1 ? `the WebSocket port (--port ${rpcPort} + 1)` : 'the JSON-RPC port';
  return (
    `Could not start: ${which} ${e.address}:${e.port} is already in use; ` +
    'stop what holds it or choose another --port (LOCAL_CHAIN_PORT)'
  );
}

export function chainStartCommand(ctx: Ctx): Command {
  return new Command('start')
    .description(
      'run the local chain alone (JSON-RPC on --port, WebSocket on port + 1) until Ctrl-C',
    )
    .addOption(new Option('--port <port>', 'JSON-RPC port').env('LOCAL_CHAIN_PORT').default('8899'))
    .addOption(
      new Option('--data-dir <dir>', 'state is kept in <dir>/chain')
        .env('DATA_DIR')
        .default('./data'),
    )
    .option('--memory', 'keep no state on disk')
    .addOption(
      new Option('--profile <name>', 'instant, or mainnet (slow, lossy, rate limited)')
        .env('LOCAL_CHAIN_PROFILE')
        .default('instant'),
    )
    .action(async (flags: { port: string; dataDir: string; memory?: boolean; profile: string }) => {
      const { chainProfile } = await import('@src/local-chain/profile');
      let profile;
      try {
        profile = chainProfile(flags.profile);
      } catch (error) {
        throw new UsageError(messageOf(error));
      }
      const { startLocalChain } = await import('@src/local-chain/local-chain');
      const port = parsePort(flags.port);
      const chain = await startLocalChain({
        port,
        dataDir: flags.memory ? undefined : flags.dataDir,
        profile,
        logger: ctx.logger,
      }).catch((error: unknown) => {
        const taken = takenPort(error, port);
        if (!taken) throw error;
        ctx.logger.debug({ err: error }, 'the local chain could not listen');
        throw new CliError(taken);
      });
      // Listen before announcing: whoever reads the line may press Ctrl-C at once.
      const stopped = new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      print(`Local chain running: ${chain.rpcUrl} (WebSocket ${chain.wsUrl}); Ctrl-C stops it`);
      if (profile.name !== 'instant') print(describeProfile(profile));
      await stopped;
      note('Stopping the local chain…');
      await chain.stop();
    });
}
