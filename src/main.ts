import { ConfigError, loadConfig, type Config } from './config';
import { runSeed } from '../cli/seed/run';
import { createLogger, startMarketplace, type Marketplace } from './composition';

/** A small demo catalogue on an empty database, on the local chain only (SEED=0 skips). */
async function seedIfEmpty(market: Marketplace) {
  const res = await fetch(`${market.url}/api/products?limit=1`);
  if (!res.ok || ((await res.json()) as unknown[]).length > 0) return;
  const tty = process.stdout.isTTY;
  const report = await runSeed({
    apiUrl: market.url,
    dataDir: market.dataDir,
    sellers: 3,
    buyers: 3,
    products: 24,
    orders: 8,
    imageEvery: 1,
    progress: (done, total) => {
      if (tty) process.stdout.write(`\r  Seeding demo data ${done}/${total}`);
      else if (done === total || done % 10 === 0)
        process.stdout.write(`  Seeding demo data ${done}/${total}\n`);
    },
  });
  if (tty) process.stdout.write('\n');
  process.stdout.write(
    `  Seeded ${report.products.created} products and ${report.orders.created} orders in ${report.seconds.toFixed(1)} s\n\n`,
  );
}

/** `make start`: the whole product on embedded defaults, or on what the environment names. */
async function main(config: Config) {
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
  if (config.seed && market.localChain) {
    await seedIfEmpty(market).catch((error: unknown) =>
      logger.warn({ err: error }, 'demo seeding failed; the marketplace runs without demo data'),
    );
  }
}

/** One sentence for a failed start; a taken port names the variable that moves it. */
function startFailure(error: unknown, config: Config): string {
  const { code, address, port } = error as NodeJS.ErrnoException & {
    address?: string;
    port?: number;
  };
  if (code === 'EADDRINUSE' && port !== undefined) {
    const variable = port === config.port ? 'PORT' : 'LOCAL_CHAIN_PORT';
    return `Could not start: ${address}:${port} is already in use; stop what holds it or set ${variable} to a free port`;
  }
  return `Could not start: ${(error as Error).message}`;
}

const fail = (message: string) => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

try {
  const config = loadConfig();
  main(config).catch((error: unknown) => fail(startFailure(error, config)));
} catch (error) {
  fail(
    error instanceof ConfigError ? error.message : `Could not start: ${(error as Error).message}`,
  );
}
