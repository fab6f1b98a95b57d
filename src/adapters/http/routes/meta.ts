import { contractRouter } from '../router';
import type { UseCases } from '../../../app/use-cases';
import * as meta from '../../../contracts/meta';
import type { DevWallet } from '../../../contracts/meta';
import { notFound } from '../../../domain/errors';
import { fromThisMachine } from '../client-address';
import { mount } from '../mount';

export interface PublicChainInfo {
  cluster: string;
  rpcUrl: string;
  escrowWallet: string;
  /** ESCROW_MODE (absent: wallet). */
  escrowMode?: 'wallet' | 'multisig';
}

export function metaRoutes(
  app: UseCases,
  chain: PublicChainInfo,
  devWallets: (() => Promise<DevWallet[]>) | undefined,
) {
  const router = contractRouter();
  mount(router, meta.config, () => chain);
  // Not through `mount`: its failure is an answer of its own (503), not an error.
  router.get(meta.health.path, async (ctx) => {
    try {
      ctx.body = await app.meta.health();
    } catch {
      ctx.status = 503;
      // As every answer of a dependency that is down: when to ask again.
      ctx.set('Retry-After', '5');
      ctx.body = { error: 'The database is not answering' };
    }
  });
  /**
   * Demo wallets exist only on the embedded local chain, and are handed only to this machine
   * (the client's address, through a trusted proxy's X-Forwarded-For): their keys, the admin's
   * among them, are worthless off the local chain but not on it, and `HOST=0.0.0.0` would
   * otherwise hand them to the whole network. Through a proxy that is not trusted (TRUST_PROXY
   * unset) nobody counts as this machine. The web app then lists no demo wallets.
   */
  mount(router, meta.devWallets, async ({ ctx }) => {
    if (!devWallets) {
      throw notFound('Dev wallets are offered only on the local chain, with DEMO_WALLETS on');
    }
    if (!fromThisMachine(ctx)) throw notFound('Dev wallets are offered only on this machine');
    ctx.set('Cache-Control', 'no-store');
    return devWallets();
  });
  return router;
}
