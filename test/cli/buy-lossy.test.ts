import { createProduct } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { runCli, startMarket, type Market } from './support';

// `buy` on the mainnet profile made quick: 50 ms slots, blockhashes that live 60 slots (3 s),
// no 429s; the test turns drops on and off through the chain's own profile, so the chain runs on
// the server's thread here (on its own thread, the profile object would be a copy).
const PRICE = '0.5';
let market: Market;
let buyer: Awaited<ReturnType<Market['wallet']>>;
let product: Product;

const buy = (onStderr?: (stderr: string) => void) =>
  runCli(['buy', String(product.id), '--api', market.url, '--keypair', buyer.file, '--yes'], {
    onStderr,
  });
const drops = (rate: number) => (market.localChain!.profile.dropRate = rate);

beforeAll(async () => {
  market = await startMarket({
    LOCAL_CHAIN_PROFILE: 'mainnet',
    LOCAL_CHAIN_SLOT_MS: '50',
    LOCAL_CHAIN_BLOCKHASH_SLOTS: '60',
    LOCAL_CHAIN_DROP_RATE: '0',
    LOCAL_CHAIN_RATE_LIMIT: '0',
    LOCAL_CHAIN_RATE_LIMIT_METHOD: '0',
    LOCAL_CHAIN_THREAD: 'off',
  });
  const seller = await market.wallet('seller');
  buyer = await market.wallet('buyer', '5');
  product = await seller.api.send(createProduct, {
    body: {
      name: 'Woodcut',
      description: 'Printed by hand.',
      price: PRICE,
      category: 'physical-items',
      condition: 'new',
      location: 'Ghent, BE',
      quantity: 5,
      requiresAddress: false,
      requiresEmail: false,
      requiresName: false,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
}, 180_000);
afterAll(() => market?.close());

describe('buy on a chain that drops transactions', { timeout: 120_000 }, () => {
  it('re-sends a dropped payment (the same signature) and records it, paying once', async () => {
    const before = await market.balance(market.escrowWallet);
    drops(1);
    let shown = false;
    // Its first sends go out a moment after the plan is shown; they are dropped, a re-send lands.
    const result = await buy((stderr) => {
      if (shown || !stderr.includes('To:')) return;
      shown = true;
      setTimeout(() => drops(0), 1_200);
    });
    expect(result.stderr).not.toContain('signing again');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Order status: escrow_held');
    expect((await market.balance(market.escrowWallet)) - before).toBe(solToLamports(PRICE));
  });

  it('signs again only after the first signing expired unseen, and pays once', async () => {
    const before = await market.balance(market.escrowWallet);
    drops(1);
    const done = await buy((stderr) => {
      if (stderr.includes('signing again')) drops(0);
    });
    expect(done.stderr).toMatch(/expired before it landed \(nothing was paid\); signing again/);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Order status: escrow_held');
    expect((await market.balance(market.escrowWallet)) - before).toBe(solToLamports(PRICE));
  });
});
