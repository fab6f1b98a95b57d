import { CommanderError } from 'commander';
import { buildProgram } from './program';
import { CliError, messageOf } from './lib/errors';
import { createCliLogger, quietLibraryNoise } from './lib/logger';
import { printable, printJson } from './lib/output';

/** `--json` among the options (not after `--`): a failure is then JSON on stdout too. */
const wantsJson = (argv: string[]) => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
};

/** One failure: its line on stderr for people, and with `--json` the same message as JSON. */
function report(message: string, json: boolean): void {
  process.stderr.write(`Error: ${printable(message)}\n`);
  if (json) printJson({ error: message });
}

/** commander's help and version end the run by throwing too; they are no failure to report. */
const SHOWN = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

/** Runs the CLI; resolves to the exit code: 0 ok, 1 failure, 2 usage. */
export async function run(argv: string[]): Promise<number> {
  const logger = await createCliLogger();
  quietLibraryNoise(logger);
  const program = buildProgram({ logger });
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    const json = wantsJson(argv);
    // commander has already printed its own message (or the help) on stderr.
    if (error instanceof CommanderError) {
      if (json && !SHOWN.has(error.code)) printJson({ error: error.message });
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliError) {
      // A command's --json answer is one document: a failure it printed in it is not a second.
      report(error.message, json && !error.answered);
      return error.exitCode;
    }
    logger.debug({ err: error }, 'command failed');
    report(messageOf(error).split('\n')[0]!, json);
    return 1;
  }
}

// Open sockets (a web3.js WebSocket, keep-alive agents) must not keep a finished command alive.
process.exit(await run(process.argv));
