import path from 'node:path';
import type { Keypair } from '@solana/web3.js';
import { loadKeypair } from '@src/adapters/solana/keypair-file';
import { Api } from './api';
import { openActor, type Actor, type WalletKind } from './browser';
import { productChain, type ProductChain } from './chain';
import { writeFixtureFiles } from './fixture-files';
import type { RunningProduct } from './product-process';
import { screenshotter, type Shoot } from './screens';
import { TestWallet } from './test-wallet';

export type Role = 'visitor' | 'seller' | 'buyer' | 'admin' | 'phantom';

/** Everything one journey shares: the running product, its chain, people, files and data. */
export interface World {
  backend: string;
  product: RunningProduct;
  chain: ProductChain;
  shoot: Shoot;
  files: Awaited<ReturnType<typeof writeFixtureFiles>>;
  wallets: Record<Exclude<Role, 'visitor'>, TestWallet>;
  /** API clients signed in as each wallet (sessions of their own, not the browser's). */
  api: { public: Api; seller: Api; admin: Api };
  actor(role: Role): Promise<Actor>;
  closeActor(role: Role): Promise<void>;
  /** Ids and values later steps need. */
  data: Record<string, any>;
  /** Page errors and console errors seen by every browser so far. */
  problemReport(): string[];
  /** A screenshot of every open browser, named after the failed step. */
  failureShots(step: string): Promise<void>;
  closeAll(): Promise<void>;
}

const KIND: Record<Role, { kind: WalletKind; features?: string[] }> = {
  visitor: { kind: 'standard' },
  seller: { kind: 'standard', features: ['solana:signMessage', 'solana:signTransaction'] },
  // The buyer's wallet could send the transaction itself (signAndSendTransaction), like most
  // do; the app still asks only for a signature, so it can re-send a dropped payment's bytes.
  buyer: {
    kind: 'standard',
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  },
  admin: { kind: 'standard', features: ['solana:signMessage', 'solana:signTransaction'] },
  phantom: { kind: 'phantom' },
};

export async function createWorld(opts: {
  backend: string;
  product: RunningProduct;
  artifacts: string;
  /** Check every screen shot with axe (the run does it on its first backend). */
  axe: boolean;
}): Promise<World> {
  const { product } = opts;
  const chain = await productChain(product.url);
  const escrow = await loadKeypair(path.join(product.dataDir, 'escrow-keypair.json'));
  if (escrow.publicKey.toBase58() !== chain.info.escrowWallet) {
    throw new Error('The escrow keypair file does not match GET /api/config escrowWallet');
  }
  const funded = async (sol: number) => chain.fund(sol);
  const [seller, buyer, phantom] = await Promise.all([funded(5), funded(20), funded(20)]);
  const wallet = (label: string, kp: Keypair) => new TestWallet(label, kp, chain.connection);
  const wallets = {
    seller: wallet('E2E Seller Wallet', seller),
    buyer: wallet('E2E Buyer Wallet', buyer),
    admin: wallet('E2E Admin Wallet', escrow),
    phantom: wallet('Phantom', phantom),
  };
  const actors = new Map<Role, Actor>();
  const problems: string[] = [];
  const api = {
    public: new Api(product.url),
    seller: new Api(product.url),
    admin: new Api(product.url),
  };
  await api.seller.signIn(wallets.seller);
  await api.admin.signIn(wallets.admin);
  const world: World = {
    backend: opts.backend,
    product,
    chain,
    shoot: screenshotter(opts.artifacts, { axe: opts.axe }),
    files: undefined as never,
    wallets,
    api,
    data: {},
    actor: async (role) => {
      const open = actors.get(role);
      if (open) return open;
      const actor = await openActor({
        name: role,
        baseUrl: product.url,
        wallet: role === 'visitor' ? undefined : wallets[role],
        walletKind: KIND[role].kind,
        features: KIND[role].features,
        rateLimitedChain:
          opts.backend === 'mainnet' ? new URL(chain.info.rpcUrl).origin : undefined,
      });
      actors.set(role, actor);
      return actor;
    },
    closeActor: async (role) => {
      problems.push(...(actors.get(role)?.problems ?? []).map((p) => `${role}: ${p}`));
      await actors.get(role)?.close();
      actors.delete(role);
    },
    problemReport: () => [
      ...problems,
      ...[...actors].flatMap(([role, a]) => a.problems.map((p) => `${role}: ${p}`)),
    ],
    failureShots: async (step) => {
      const slug = step.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      for (const [role, actor] of actors) {
        const file = path.join(opts.artifacts, `FAILED-${slug}-${role}.png`);
        await actor.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      }
    },
    closeAll: async () => {
      for (const role of [...actors.keys()]) await world.closeActor(role);
    },
  };
  const visitor = await world.actor('visitor');
  await visitor.page.goto('/');
  world.files = await writeFixtureFiles(path.join(opts.artifacts, 'files'), visitor.page);
  return world;
}
