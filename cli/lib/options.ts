import path from 'node:path';
import { Option, type Command } from 'commander';

/** The server `make start` runs with the same environment: on PORT, else 3000. */
export const DEFAULT_API = `http://127.0.0.1:${process.env.PORT || 3000}`;

/** The embedded local chain of that server: on LOCAL_CHAIN_PORT, else 8899. */
export const DEFAULT_LOCAL_RPC = `http://127.0.0.1:${process.env.LOCAL_CHAIN_PORT || 8899}`;

/** `--api <url>`: the marketplace server (MARKETPLACE_API, else the local default). */
export function apiOption(): Option {
  return new Option('--api <url>', 'marketplace server URL')
    .env('MARKETPLACE_API')
    .default(DEFAULT_API);
}

/** `claim --signature`: a close sent before, which landed but was not recorded. */
export function signatureOption(): Option {
  return new Option(
    '--signature <signature>',
    'record a close you sent before (it landed, but was not recorded); nothing is sent',
  );
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

/** Adds `--api` and `--keypair` (every admin command signs in). */
export function adminOptions(cmd: Command): Command {
  return cmd.addOption(apiOption()).addOption(keypairOption());
}

export interface AdminFlags {
  api: string;
  keypair: string;
  json?: boolean;
}
