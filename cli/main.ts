import { CommanderError } from 'commander';
import { buildProgram } from './program';
import { CliError, messageOf } from './lib/errors';
import { createCliLogger } from './lib/logger';

/** Runs the CLI; resolves to the exit code: 0 ok, 1 failure, 2 usage. */
export async function run(argv: string[]): Promise<number> {
  const logger = await createCliLogger();
  const program = buildProgram({ logger });
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    // commander has already printed its own message (or the help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof CliError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return error.exitCode;
    }
    logger.debug({ err: error }, 'command failed');
    process.stderr.write(`Error: ${messageOf(error).split('\n')[0]}\n`);
    return 1;
  }
}

// Open sockets (a web3.js WebSocket, keep-alive agents) must not keep a finished command alive.
process.exit(await run(process.argv));
