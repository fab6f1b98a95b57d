import { createOrder } from '@src/contracts/orders';
import { createProduct } from '@src/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@test/e2e/lib/free-port';
import type { Product } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { runCli, startMarket, type Market } from './support';

let market: Market;
let setup: Awaited<ReturnType<typeof prepare>>;

/** A listing and a verified payment that could not buy it (wrong price): refund due. */
async function prepare(m: Market) {
  const seller = await m.wallet('seller');
  const buyer = await m.wallet('buyer', '10');
  const product = await seller.api.send(createProduct, {
    body: {
      name: 'Retro Icon Pack',
      description: 'Two hundred icons.',
      price: '2.00',
      category: 'digital-goods',
      condition: 'new',
      location: null,
      quantity: 1,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
  const paid = await m.transfer(buyer.keypair, m.escrowWallet, '1.50');
  const refused = await buyer.api
    .send(createOrder, {
      body: {
        productId: product.id,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        price: '1.50',
        status: 'escrow_held',
        escrowTransactionHash: paid,
      },
    })
    .then(
      () => null,
      (error: Error) => error.message,
    );
  return { buyer, product, paid, refused };
}

const admin = (...args: string[]) =>
  runCli(['admin', ...args, '--api', market.url, '--keypair', market.escrowKeypairPath]);

beforeAll(async () => {
  market = await startMarket();
  setup = await prepare(market);
}, 180_000);
afterAll(() => market?.close());

describe('admin ledger and products', { timeout: 120_000 }, () => {
  it('lists refund-due payments and pays one back on chain', async () => {
    expect(setup.refused).toContain('flagged for a refund');
    const due = await admin('payments', '--status', 'refund_due', '--json');
    expect(due.code).toBe(0);
    expect(JSON.parse(due.stdout)).toEqual([
      expect.objectContaining({ signature: setup.paid, lamports: '1500000000' }),
    ]);

    const before = await market.balance(setup.buyer.address);
    // Two admins at once: the refund is reserved before it is signed, so one pays, once.
    const runs = await Promise.all([
      admin('refund-payment', setup.paid, '--yes', '--json'),
      admin('refund-payment', setup.paid, '--yes', '--json'),
    ]);
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    const refund = runs.find((r) => r.code === 0)!;
    expect(JSON.parse(runs.find((r) => r.code === 1)!.stdout).error).toMatch(
      /refund of this payment is under way|refunded already|is refunded, not due for a refund/,
    );
    const out = JSON.parse(refund.stdout);
    expect(out.payment).toMatchObject({ status: 'refunded', refundSignature: out.signature });
    expect((await market.balance(setup.buyer.address)) - before).toBe(solToLamports('1.50'));

    const again = await admin('refund-payment', setup.paid, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is refunded, not due for a refund');
  });

  it('reconciles the escrow wallet as a table and as JSON', async () => {
    const json = await admin('reconcile', '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.missingPayments).toEqual([]);
    expect(BigInt(report.escrowBalance) - BigInt(report.mustHold)).toBe(BigInt(report.difference));
    const text = await admin('reconcile');
    expect(text.stdout).toMatch(/^Escrow balance: [\d.]+ SOL\nMust hold: +0\.00 SOL/);
    // The escrow's fee top-up from the faucet: a sender no user has.
    expect(text.stdout).toMatch(/ - +no user \(top-up\?\) +2\.00\n/);
  });

  it('deletes no product unasked: with no terminal and no --yes it refuses', async () => {
    const refused = await admin('delete-product', String(setup.product.id));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `Product #${setup.product.id} "Retro Icon Pack" (active, 2.00 SOL, seller #`,
    );
    expect(refused.stderr).toContain(
      'Error: Refusing to continue without confirmation: no terminal to ask; pass --yes (nothing was deleted)',
    );
    const after = JSON.parse((await admin('products', '--json')).stdout) as Product[];
    expect(after.find((p) => p.id === setup.product.id)?.status).toBe('active');
  });

  it('lists products and marks one deleted', async () => {
    const listed = await admin('products');
    expect(listed.stdout).toMatch(/ID +NAME +STATUS/);
    expect(listed.stdout).toContain('Retro Icon Pack');
    const deleted = await admin('delete-product', String(setup.product.id), '--yes');
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(
      `Product #${setup.product.id} "Retro Icon Pack" is marked as deleted.`,
    );
    const after = JSON.parse((await admin('products', '--json')).stdout) as Product[];
    expect(after.find((p) => p.id === setup.product.id)?.status).toBe('deleted');
  });

  it('talks to the server on PORT when no --api is given, as make start runs it', async () => {
    const port = await freePort();
    const result = await runCli(['admin', 'orders', '--keypair', market.escrowKeypairPath], {
      env: { PORT: String(port) },
    });
    expect(result.stderr).toBe(
      `Error: Could not reach the server at http://127.0.0.1:${port} (ECONNREFUSED); is it running?\n`,
    );
  });

  it('names the order or product it did not find', async () => {
    const api = ['--api', market.url, '--keypair', market.escrowKeypairPath, '--yes'];
    const order = await runCli(['admin', 'release', '999999', ...api]);
    expect(order.stderr).toBe('Error: Order #999999 not found\n');
    const product = await runCli(['admin', 'delete-product', '999999', ...api]);
    expect(product.stderr).toBe('Error: Product #999999 not found\n');
  });

  it('says what --api must be when it is not a URL', async () => {
    const result = await runCli([
      'admin',
      'orders',
      '--api',
      'localhost:3000',
      '--keypair',
      market.escrowKeypairPath,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: --api (or MARKETPLACE_API) must be the server\'s http(s) URL, like http://127.0.0.1:3000, not "localhost:3000"\n',
    );
  });

  it('says clearly when the server is not there', async () => {
    const port = await freePort();
    const result = await runCli([
      'admin',
      'orders',
      '--api',
      `http://127.0.0.1:${port}`,
      '--keypair',
      market.escrowKeypairPath,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: Could not reach the server at http://127.0.0.1:${port} (ECONNREFUSED); is it running?\n`,
    );
  });
});
