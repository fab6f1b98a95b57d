import { Command, Option } from 'commander';
import type { Ctx } from '../lib/context';
import { parsePort } from '../lib/numbers';
import { note, print } from '../lib/output';

export function chainStartCommand(ctx: Ctx): Command {
  return new Command('start')
    .description(
      'run the local chain alone (JSON-RPC on --port, WebSocket on port + 1) until Ctrl-C',
    )
    .addOption(new Option('--port <port>', 'JSON-RPC port').default('8899'))
    .addOption(
      new Option('--data-dir <dir>', 'state is kept in <dir>/chain')
        .env('DATA_DIR')
        .default('./data'),
    )
    .option('--memory', 'keep no state on disk')
    .action(async (flags: { port: string; dataDir: string; memory?: boolean }) => {
      const { startLocalChain } = await import('../../src/adapters/solana/local-chain');
      const chain = await startLocalChain({
        port: parsePort(flags.port),
        dataDir: flags.memory ? undefined : flags.dataDir,
        logger: ctx.logger,
      });
      print(`Local chain running: ${chain.rpcUrl} (WebSocket ${chain.wsUrl}); Ctrl-C stops it`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      note('Stopping the local chain…');
      await chain.stop();
    });
}
