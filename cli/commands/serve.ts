import { Command } from 'commander';
import { startFailure } from '@src/start-failure';
import type { Ctx } from '../lib/context';
import { CliError } from '../lib/errors';

/**
 * `make start`: the whole product on embedded defaults (PGlite, the local chain, ./uploads), or
 * on what the environment names (README, Configuration). Runs until SIGINT or SIGTERM.
 */
export function serveCommand(_ctx: Ctx): Command {
  return new Command('serve')
    .description('run the marketplace (API and web app) as the environment configures it')
    .action(async () => {
      const { ConfigError, loadConfig } = await import('@src/config');
      const { createLogger, startMarketplace } = await import('@src/composition');
      let config;
      try {
        config = loadConfig();
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      const logger = createLogger(config.logLevel);
      const market = await startMarketplace(config, { logger }).catch((error: unknown) => {
        throw new CliError(startFailure(error, config));
      });
      const lines = [
        '',
        `  Marketplace   ${market.url}`,
        `  Solana RPC    ${market.rpcUrl} (${market.cluster})`,
        `  Escrow wallet ${market.escrowWallet}`,
      ];
      if (market.escrowKeypairPath) lines.push(`  Escrow key    ${market.escrowKeypairPath}`);
      if (!market.webApp) {
        lines.push('  Web app       not built: the API alone answers; run make build-web first');
      }
      process.stdout.write(`${lines.join('\n')}\n\n`);
      const stopped = new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      if (config.seed && market.localChain) {
        const { seedDemo } = await import('../seed/demo');
        await seedDemo(market.url, market.dataDir).catch((error: unknown) =>
          logger.warn(
            { err: error },
            'demo seeding failed; the marketplace runs without demo data',
          ),
        );
      }
      await stopped;
      await market.close();
    });
}
