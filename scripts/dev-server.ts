import path from 'node:path';
import { createServer } from 'vite';
import { startMarketplace } from '@src/composition';
import { loadConfig } from '@src/config';

// `make dev`: the API (same composition as `make start`) and Vite with hot reload, proxying
// /api and /uploads to it.
const market = await startMarketplace(loadConfig());
process.env.API_PORT = new URL(market.url).port;
const vite = await createServer({
  configFile: path.join(import.meta.dirname, '..', 'web', 'vite.config.ts'),
});
await vite.listen();
process.stdout.write(`\n  API  ${market.url}\n  RPC  ${market.rpcUrl} (${market.cluster})\n`);
vite.printUrls();
const stop = async () => {
  await vite.close();
  await market.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
