import { createInterface } from 'node:readline/promises';
import { CliError } from './errors';

/**
 * Asks a yes/no question on the terminal. `yes` skips it; without a terminal (a pipe, a cron
 * job) and without `yes` it refuses, so nothing irreversible happens unasked. `untouched` says
 * what a refusal leaves as it was ("nothing was sent" unless told).
 */
export async function confirm(
  question: string,
  opts: { yes?: boolean; untouched?: string },
): Promise<void> {
  if (opts.yes) return;
  const untouched = opts.untouched ?? 'nothing was sent';
  if (!process.stdin.isTTY) {
    throw new CliError(
      `Refusing to continue without confirmation: no terminal to ask; pass --yes (${untouched})`,
    );
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(`${question} [y/N] `)).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new CliError(`Cancelled; ${untouched}`);
  } finally {
    rl.close();
  }
}
