import path from 'node:path';
import { createServer } from 'vite';
import { startMarketplace } from '@src/composition';
import { ConfigError, loadConfig } from '@src/config';
import { startFailure } from '@src/start-failure';

/** A mistake of the environment, said in one line, as `make start` says it; exits 1. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// `make dev`: the API (same composition as `make start`) and Vite with hot reload, proxying
// /api and /uploads to it.
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const market = await startMarketplace(config).catch((error: unknown) =>
  fail(startFailure(error, config)),
);
process.env.API_PORT = new URL(market.url).port;
const vite = await createServer({
  configFile: path.join(import.meta.dirname, '..', 'web', 'vite.config.ts'),
});
await vite.listen().catch(async (error: unknown) => {
  await market.close();
  const code = (error as { code?: string }).code;
  fail(
    code === 'EADDRINUSE'
      ? `Could not start: Vite's port (${vite.config.server.port ?? 5173}) is already in use; stop what holds it`
      : `Could not start Vite: ${(error as Error).message}`,
  );
});
process.stdout.write(`\n  API  ${market.url}\n  RPC  ${market.rpcUrl} (${market.cluster})\n`);
vite.printUrls();
const stop = async () => {
  await vite.close();
  await market.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
