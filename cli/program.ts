import { Command } from 'commander';
import { adminCommand } from './commands/admin';
import { buyCommand } from './commands/buy';
import { chainCommand } from './commands/chain';
import { dbCommand } from './commands/db';
import { keygenCommand } from './commands/keygen';
import { ordersCommand } from './commands/orders';
import { paymentsCommand } from './commands/payments';
import { seedCommand } from './commands/seed';
import { serveCommand } from './commands/serve';
import { uploadsCommand } from './commands/uploads';
import type { Ctx } from './lib/context';
import { checkDefaultPorts } from './lib/options';

/** Every command and sub-command, each throwing instead of exiting (main decides exit codes). */
export function buildProgram(ctx: Ctx): Command {
  const program = new Command('marketplace')
    .description(
      'Escrow marketplace on Solana: the server, admin tasks, seeding, database and local chain',
    )
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)');
  for (const make of [
    serveCommand,
    adminCommand,
    buyCommand,
    ordersCommand,
    paymentsCommand,
    seedCommand,
    dbCommand,
    chainCommand,
    keygenCommand,
    uploadsCommand,
  ]) {
    program.addCommand(make(ctx));
  }
  const strict = (cmd: Command) => {
    cmd.exitOverride().allowExcessArguments(false);
    cmd.commands.forEach(strict);
  };
  strict(program);
  // Every command whose --api or --rpc is left to its default: a PORT or LOCAL_CHAIN_PORT that is
  // no port is named (commands that set it up themselves check it there too).
  checkDefaultPorts(program);
  return program;
}
