import { ConfigError, loadConfig } from './config';
import { createLogger, startMarketplace } from './composition';

/** `make start`: the whole product on embedded defaults, or on what the environment names. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const market = await startMarketplace(config, { logger });
  const lines = [
    '',
    `  Marketplace   ${market.url}`,
    `  Solana RPC    ${market.rpcUrl} (${market.cluster})`,
    `  Escrow wallet ${market.escrowWallet}`,
  ];
  if (market.escrowKeypairPath) lines.push(`  Escrow key    ${market.escrowKeypairPath}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await market.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError ? error.message : `Could not start: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
