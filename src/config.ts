import path from 'node:path';
import { z } from 'zod';

const base58Address = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_DIR: z.string().min(1).default('./uploads'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SOLANA_RPC_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  LOCAL_CHAIN_PORT: z.coerce.number().int().min(0).max(65534).default(8899),
  ESCROW_WALLET: base58Address.optional(),
  ADMIN_WALLETS: z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(base58Address)),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  SEED: z.enum(['0', '1']).default('1'),
  PUBLIC_URL: z.url().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  databaseUrl?: string;
  /** Unset: the embedded local chain is started. */
  rpcUrl?: string;
  localChainPort: number;
  escrowWallet?: string;
  adminWallets: string[];
  logLevel: string;
  seed: boolean;
  publicUrl?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; every mistake is named in one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.SOLANA_RPC_URL,
    localChainPort: e.LOCAL_CHAIN_PORT,
    escrowWallet: e.ESCROW_WALLET,
    adminWallets: e.ADMIN_WALLETS,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === '1',
    publicUrl: e.PUBLIC_URL,
  };
}
