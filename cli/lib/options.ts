import path from 'node:path';
import bs58 from 'bs58';
import { Option, type Command } from 'commander';
import { UsageError } from './errors';

/** What is wrong with the port in the environment variable `name`, if it is set and wrong. */
export function envPortProblem(name: string, env = process.env): string | undefined {
  const text = env[name];
  if (!text) return undefined;
  const port = Number(text);
  if (/^\d+$/.test(text) && port >= 1 && port <= 65535) return undefined;
  return `${name} must be a port number (1-65535), not "${text}"`;
}

/**
 * The server `make start` runs with the same environment: on PORT, else 3000. A wrong PORT
 * stays in it, so that a command fails on it rather than asking another server.
 */
export const DEFAULT_API = `http://127.0.0.1:${process.env.PORT || 3000}`;

/** The embedded local chain of that server: on LOCAL_CHAIN_PORT, else 8899. */
export const DEFAULT_LOCAL_RPC = `http://127.0.0.1:${process.env.LOCAL_CHAIN_PORT || 8899}`;

/**
 * A command whose `--api` or `--rpc` is left to its default refuses a PORT or LOCAL_CHAIN_PORT
 * that is no port, naming the variable (usage error), not the URL made of it.
 */
export function checkDefaultPorts(cmd: Command): Command {
  return cmd.hook('preAction', (_, action) => {
    const fromDefault = (name: string) => action.getOptionValueSource(name) === 'default';
    const problem =
      (fromDefault('api') ? envPortProblem('PORT') : undefined) ??
      (fromDefault('rpc') && action.getOptionValue('rpc') === DEFAULT_LOCAL_RPC
        ? envPortProblem('LOCAL_CHAIN_PORT')
        : undefined);
    if (problem) throw new UsageError(problem);
  });
}

/** `--api <url>`: the marketplace server (MARKETPLACE_API, else the local default). */
export function apiOption(): Option {
  return new Option('--api <url>', 'marketplace server URL')
    .env('MARKETPLACE_API')
    .default(DEFAULT_API);
}

/** `--signature`: a transaction signature, refused (usage error) before anything is done. */
export function parseSignature(text: string): string {
  let bytes: Uint8Array | undefined;
  try {
    bytes = bs58.decode(text);
  } catch {
    bytes = undefined;
  }
  if (bytes?.length !== 64) {
    throw new UsageError('--signature must be a base58 transaction signature (64 bytes)');
  }
  return text;
}

/**
 * `--signature`: a transfer sent before, which landed but was not recorded (by default, a
 * claim's close). Checked as it is parsed.
 */
export function signatureOption(
  description = 'record a close you sent before (it landed, but was not recorded); nothing is sent',
): Option {
  return new Option('--signature <signature>', description).argParser(parseSignature);
}

export function jsonOption(): Option {
  return new Option('--json', 'print JSON instead of a table');
}

/** The admin keypair: MARKETPLACE_KEYPAIR, else the local chain's `<DATA_DIR>/escrow-keypair.json`. */
export function keypairOption(): Option {
  const dataDir = process.env.DATA_DIR || './data';
  return new Option('--keypair <file>', 'admin keypair file (Solana CLI JSON)')
    .env('MARKETPLACE_KEYPAIR')
    .default(path.join(dataDir, 'escrow-keypair.json'));
}

/**
 * Adds `--api` and `--keypair` (every admin command signs in). A `--signature` the command
 * takes is checked before it signs in.
 */
export function adminOptions(cmd: Command): Command {
  return checkDefaultPorts(cmd.addOption(apiOption()).addOption(keypairOption())).hook(
    'preAction',
    (_, action) => {
      const signature: unknown = action.getOptionValue('signature');
      if (typeof signature === 'string') parseSignature(signature);
    },
  );
}

export interface AdminFlags {
  api: string;
  keypair: string;
  json?: boolean;
}
