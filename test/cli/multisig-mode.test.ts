import { createProduct } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startMarket, type Market } from './support';

// ESCROW_MODE=multisig: the escrow wallet holds no buyer's money, so the CLI, which pays into
// it and out of it, stops before sending anything.
let market: Market;

beforeAll(async () => {
  market = await startMarket({ ESCROW_MODE: 'multisig' });
});
afterAll(() => market?.close());

const REFUSED =
  'This server keeps each payment in its own 2-of-3 escrow account (ESCROW_MODE=multisig); ' +
  'the CLI pays and pays out only in wallet mode: use the web app. Nothing was sent.';

describe('the CLI in multisig mode', { timeout: 120_000 }, () => {
  it('does not pay a purchase into the escrow wallet', async () => {
    const seller = await market.wallet('seller');
    const buyer = await market.wallet('buyer', '5');
    const product = await seller.api.send(createProduct, {
      body: {
        name: 'Letterpress Print',
        description: 'Hand-set type on cotton paper.',
        price: '0.75',
        category: 'physical-items',
        condition: 'new',
        location: 'Ghent, BE',
        quantity: 2,
        requiresAddress: false,
        requiresEmail: false,
        requiresName: false,
        sellerId: seller.user.id,
        imageUrl: null,
      },
    });
    const before = await market.balance(buyer.address);
    const result = await runCli([
      'buy',
      String(product.id),
      '--api',
      market.url,
      '--keypair',
      buyer.file,
      '--yes',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(REFUSED);
    expect(await market.balance(buyer.address)).toBe(before);
  });

  it('does not settle payouts from the escrow wallet', async () => {
    const before = await market.balance(market.escrowWallet);
    const result = await runCli([
      'admin',
      'settle',
      '--yes',
      '--api',
      market.url,
      '--keypair',
      market.escrowKeypairPath,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(REFUSED);
    expect(await market.balance(market.escrowWallet)).toBe(before);
  });
});
