import Router from '@koa/router';
import type { UseCases } from '../../../app/use-cases';

export interface PublicChainInfo {
  cluster: string;
  rpcUrl: string;
  escrowWallet: string;
}

export interface DevWallet {
  label: string;
  role: 'buyer' | 'seller' | 'admin';
  publicKey: string;
  secretKey: number[];
}

export function metaRoutes(
  app: UseCases,
  chain: PublicChainInfo,
  devWallets: (() => Promise<DevWallet[]>) | undefined,
) {
  const router = new Router({ prefix: '/api' });

  router.get('/config', (ctx) => {
    ctx.body = chain;
  });

  router.get('/health', async (ctx) => {
    try {
      await app.deps.store.ping();
      ctx.body = { ok: true };
    } catch {
      ctx.status = 503;
      ctx.body = { error: 'The database is not answering' };
    }
  });

  /** Demo wallets exist only on the embedded local chain; their keys are worthless elsewhere. */
  router.get('/dev/wallets', async (ctx) => {
    if (!devWallets) {
      ctx.status = 404;
      ctx.body = { error: 'Dev wallets exist only on the local chain' };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await devWallets();
  });

  return router;
}
