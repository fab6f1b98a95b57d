import { createInterface } from 'node:readline/promises';
import { CliError } from './errors';

/**
 * Asks a yes/no question on the terminal. `yes` skips it; without a terminal (a pipe, a cron
 * job) and without `yes` it refuses, so nothing irreversible happens unasked.
 */
export async function confirm(question: string, opts: { yes?: boolean }): Promise<void> {
  if (opts.yes) return;
  if (!process.stdin.isTTY) {
    throw new CliError('Refusing to continue without confirmation: no terminal to ask; pass --yes');
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(`${question} [y/N] `)).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new CliError('Cancelled; nothing was sent');
  } finally {
    rl.close();
  }
}
