import { createOrder, uploadTracking } from '@src/contracts/orders';
import { createProduct } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { runCli, startMarket, type Market } from './support';

const PRICE = '1.25';
let market: Market;
let setup: Awaited<ReturnType<typeof prepare>>;

/** A seller's product, three paid orders (two with tracking uploaded), all real on chain. */
async function prepare(m: Market) {
  const seller = await m.wallet('seller');
  const buyer = await m.wallet('buyer', '20');
  const product = await seller.api.send(createProduct, {
    body: {
      name: 'Walnut Desk Lamp',
      description: 'Warm light, solid walnut.',
      price: PRICE,
      category: 'physical-items',
      condition: 'like_new',
      location: 'Lisbon, PT',
      quantity: 5,
      requiresAddress: false,
      requiresEmail: false,
      requiresName: false,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
  const buy = async () => {
    const signature = await m.transfer(buyer.keypair, m.escrowWallet, PRICE);
    return buyer.api.send(createOrder, {
      body: {
        productId: product.id,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        price: PRICE,
        status: 'escrow_held',
        escrowTransactionHash: signature,
      },
    });
  };
  const ship = async (order: Order) => {
    const form = new FormData();
    form.append('trackingNumber', `TRACK-${order.id}`);
    return seller.api.send(uploadTracking, { params: { id: order.id }, form });
  };
  const shipped = await ship(await buy());
  const held = await buy();
  const interrupted = await ship(await buy());
  return { seller, buyer, product, shipped, held, interrupted };
}

const admin = (...args: string[]) =>
  runCli(['admin', ...args, '--api', market.url, '--keypair', market.escrowKeypairPath]);

const orderStatus = async (id: number) => {
  const reply = await admin('orders', '--status', 'all', '--json');
  return (JSON.parse(reply.stdout) as Order[]).find((o) => o.id === id)?.status;
};

beforeAll(async () => {
  market = await startMarket();
  setup = await prepare(market);
}, 180_000);
afterAll(() => market?.close());

describe('admin release and refund', { timeout: 120_000 }, () => {
  it('refuses a wrong order status before any money moves', async () => {
    const before = await market.balance(setup.seller.address);
    const result = await admin('release', String(setup.held.id), '--yes');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Error: Order ${setup.held.id}: Funds can only be released for an order whose tracking has been uploaded; this order is escrow held`,
    );
    expect(await market.balance(setup.seller.address)).toBe(before);
  });

  it('refuses a keypair that is not an admin', async () => {
    const result = await runCli([
      'admin',
      'release',
      String(setup.shipped.id),
      '--yes',
      '--api',
      market.url,
      '--keypair',
      setup.buyer.file,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The wallet ${setup.buyer.address} is not an admin`);
  });

  it('refuses to pay without a terminal to confirm on and without --yes', async () => {
    const result = await admin('release', String(setup.shipped.id));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no terminal to ask; pass --yes');
  });

  it('releases escrow to the seller on chain and completes the order (--json)', async () => {
    const before = await market.balance(setup.seller.address);
    const result = await admin('release', String(setup.shipped.id), '--yes', '--json');
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.order.status).toBe('completed');
    expect(out.order.releaseTransactionHash).toBe(out.signature);
    expect(out.explorerUrl).toBe(
      `https://explorer.solana.com/tx/${out.signature}?cluster=custom&customUrl=${encodeURIComponent(market.rpcUrl)}`,
    );
    expect((await market.balance(setup.seller.address)) - before).toBe(solToLamports(PRICE));
  });

  it('refunds the buyer on chain and cancels the order', async () => {
    const before = await market.balance(setup.buyer.address);
    const result = await admin('refund', String(setup.held.id), '--yes');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Refunded ${PRICE} SOL for order #${setup.held.id}`);
    expect(result.stdout).toMatch(/Explorer: +https:\/\/explorer\.solana\.com\/tx\//);
    expect((await market.balance(setup.buyer.address)) - before).toBe(solToLamports(PRICE));
    expect(await orderStatus(setup.held.id)).toBe('cancelled');
  });

  it('finishes a run killed between send and record with --signature, paying once', async () => {
    const { loadKeypair } = await import('@src/adapters/solana/keypair-file');
    const escrow = await loadKeypair(market.escrowKeypairPath);
    const before = await market.balance(setup.seller.address);
    const sent = await market.transfer(escrow, setup.seller.address, PRICE);
    const result = await admin('release', String(setup.interrupted.id), '--signature', sent);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Signature:    ${sent}`);
    expect((await market.balance(setup.seller.address)) - before).toBe(solToLamports(PRICE));
    expect(await orderStatus(setup.interrupted.id)).toBe('completed');
  });

  it('reports a bad order id as a usage error (exit 2)', async () => {
    const result = await admin('release', 'abc', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Order id must be a positive whole number, not "abc"');
  });
});
