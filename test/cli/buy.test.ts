import { buyerOrders as buyerOrdersCall } from '@src/contracts/orders';
import { createProduct } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { runCli, startMarket, type Market } from './support';

const PRICE = '0.75';
let market: Market;
let seller: Awaited<ReturnType<Market['wallet']>>;
let buyer: Awaited<ReturnType<Market['wallet']>>;
let product: Product;

const buy = (...args: string[]) =>
  runCli(['buy', String(product.id), '--api', market.url, '--keypair', buyer.file, ...args]);

const buyerOrders = () => buyer.api.send(buyerOrdersCall, { params: { id: buyer.user.id } });

beforeAll(async () => {
  market = await startMarket();
  seller = await market.wallet('seller');
  buyer = await market.wallet('buyer', '10');
  product = await seller.api.send(createProduct, {
    body: {
      name: 'Letterpress Print',
      description: 'Hand-set type on cotton paper.',
      price: PRICE,
      category: 'physical-items',
      condition: 'new',
      location: 'Ghent, BE',
      quantity: 2,
      requiresAddress: false,
      requiresEmail: true,
      requiresName: false,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
}, 180_000);
afterAll(() => market?.close());

describe('buy', { timeout: 120_000 }, () => {
  it('asks for the contact details the product requires before any money moves (exit 2)', async () => {
    const before = await market.balance(buyer.address);
    const result = await buy('--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Email is required (--email)');
    expect(await market.balance(buyer.address)).toBe(before);
  });

  it('pays the exact price into escrow and records the order (--json)', async () => {
    const escrowBefore = await market.balance(market.escrowWallet);
    const result = await buy('--email', 'ada@example.com', '--yes', '--json');
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.order).toMatchObject({
      productId: product.id,
      buyerId: buyer.user.id,
      status: 'escrow_held',
      escrowTransactionHash: out.signature,
    });
    expect((await market.balance(market.escrowWallet)) - escrowBefore).toBe(solToLamports(PRICE));
    expect((await buyerOrders()).map((o) => o.id)).toContain(out.order.id);
  });

  it('finishes a run killed between paying and recording with --signature, paying once', async () => {
    const sent = await market.transfer(buyer.keypair, market.escrowWallet, PRICE);
    const before = await market.balance(buyer.address);
    const result = await buy('--signature', sent, '--email', 'ada@example.com');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Order status: escrow_held');
    expect(result.stdout).toContain(`Signature:    ${sent}`);
    expect(await market.balance(buyer.address)).toBe(before);
  });

  it('refuses a sold-out product before paying', async () => {
    const before = await market.balance(buyer.address);
    const result = await buy('--email', 'ada@example.com', '--yes');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Product #${product.id} "Letterpress Print" is not for sale (sold); nothing was sent`,
    );
    expect(await market.balance(buyer.address)).toBe(before);
  });
});
