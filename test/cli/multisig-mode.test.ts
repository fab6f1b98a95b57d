import { PublicKey, Transaction } from '@solana/web3.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEscrowPurchase } from '@src/adapters/solana/escrow-multisig';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { confirmReceipt, createOrder, escrowOutcome, uploadTracking } from '@src/contracts/orders';
import { createProduct } from '@src/contracts/products';
import { solToLamports } from '@src/domain/money';
import { ApiError } from '../../cli/lib/errors';
import { DEMO_PRODUCTS, seedDemo } from '../../cli/seed/demo';
import { orderBody } from '../support/fixtures';
import { runCli, startMarket, tempDir, type Market } from './support';

// ESCROW_MODE=multisig: the escrow wallet holds no buyer's money. The CLI does not pay into it
// (buy); the admin's release and refund record a decision the party paid claims; settle lists
// what is due and who claims it; each party claims with its own keypair (orders claim,
// payments claim). Nothing is ever sent from the escrow wallet.
let market: Market;
let seller: Awaited<ReturnType<Market['wallet']>>;
let buyer: Awaited<ReturnType<Market['wallet']>>;

beforeAll(async () => {
  market = await startMarket({ ESCROW_MODE: 'multisig' });
  seller = await market.wallet('seller', '1');
  buyer = await market.wallet('buyer', '20');
}, 120_000);
afterAll(() => market?.close());

const REFUSED =
  'This server keeps each payment in its own 2-of-3 escrow account (ESCROW_MODE=multisig); ' +
  'the CLI pays and pays out only in wallet mode: use the web app. Nothing was sent.';

async function product(price: string, quantity = 1) {
  return seller.api.send(createProduct, {
    body: {
      name: 'Letterpress Print',
      description: 'Hand-set type on cotton paper.',
      price,
      category: 'physical-items',
      condition: 'new',
      location: 'Ghent, BE',
      quantity,
      requiresAddress: false,
      requiresEmail: false,
      requiresName: false,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
}

/** The buyer pays into the order's own escrow account (as the web app does). */
async function pay(price: string) {
  const bought = await buildEscrowPurchase(market.connection, {
    buyer: buyer.address,
    seller: seller.address,
    arbiter: market.escrowWallet,
    lamports: solToLamports(price),
  });
  bought.transaction.sign(buyer.keypair);
  return { ...bought, signature: await sendAndConfirm(market.connection, bought.transaction) };
}

async function paidOrder(price: string) {
  const p = await product(price);
  const paid = await pay(price);
  const order = await buyer.api.send(createOrder, {
    body: orderBody(buyer.user.id, p, paid.signature) as never,
  });
  return { ...paid, id: order.id };
}

const admin = (...args: string[]) =>
  runCli(['admin', ...args, '--api', market.url, '--keypair', market.escrowKeypairPath]);
const claim = (what: 'orders' | 'payments', id: string, file: string, ...more: string[]) =>
  runCli([what, 'claim', id, '--api', market.url, '--keypair', file, ...more]);

describe('the CLI in multisig mode', { timeout: 180_000 }, () => {
  it('does not pay a purchase into the escrow wallet', async () => {
    const p = await product('0.75', 2);
    const before = await market.balance(buyer.address);
    const result = await runCli([
      'buy',
      String(p.id),
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

  it('seeds no orders: seed refuses them before paying, the demo lists its products alone', async () => {
    const escrowBefore = await market.balance(market.escrowWallet);
    const dataDir = await tempDir('mp-cli-seed-');
    const refused = await runCli([
      'seed',
      '--api',
      market.url,
      '--data-dir',
      dataDir,
      '--products',
      '1',
      '--orders',
      '2',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'the seed cannot pay for orders there. Seed the catalogue alone with --orders 0',
    );
    // A start whose demo seeding began (the marker says so) finishes it: products, no order.
    await writeFile(path.join(dataDir, 'demo-seed'), 'started\n');
    await seedDemo(market.url, dataDir);
    expect(await readFile(path.join(dataDir, 'demo-seed'), 'utf8')).toBe('done\n');
    const listed = (await (await fetch(`${market.url}/api/products?limit=200`)).json()) as {
      name: string;
    }[];
    expect(listed.length).toBeGreaterThanOrEqual(DEMO_PRODUCTS);
    // Nothing was paid into the escrow wallet, where a payment buys nothing in this mode.
    expect(await market.balance(market.escrowWallet)).toBe(escrowBefore);
  });

  it('says the marketplace’s address given as the chain’s is no Solana node', async () => {
    const wrong = await runCli(['chain', 'warp', '1s', '--rpc', market.url]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `${market.url} is no Solana node (it does not answer JSON-RPC): is it the marketplace's address, not the chain's?`,
    );
  });

  it('admin refund records the decision (nothing sent); the buyer claims it with orders claim', async () => {
    const o = await paidOrder('0.40');
    const escrowBefore = await market.balance(market.escrowWallet);
    const decided = await admin('refund', String(o.id), '--yes');
    expect(decided.stderr).toBe('');
    expect(decided.code).toBe(0);
    expect(decided.stdout).toContain(
      `Decision recorded: refund of order #${o.id}, 0.40 SOL to the buyer (${buyer.address})`,
    );
    expect(decided.stdout).toContain(`marketplace orders claim ${o.id} --keypair`);
    expect(await market.balance(market.escrowWallet)).toBe(escrowBefore);
    // The seller is not the party paid: the server refuses to sign for it.
    const wrongParty = await claim('orders', String(o.id), seller.file);
    expect(wrongParty.code).toBe(1);
    expect(wrongParty.stderr).toContain('Only the buyer claims a refund that is due');

    const held = await market.balance(o.escrow);
    const buyerBefore = await market.balance(buyer.address);
    const claimed = await claim('orders', String(o.id), buyer.file, '--json');
    expect(claimed.code).toBe(0);
    const out = JSON.parse(claimed.stdout);
    expect(out).toMatchObject({ outcome: 'refund', order: { id: o.id, status: 'cancelled' } });
    expect(out.order.refundTransactionHash).toBe(out.signature);
    // The arbiter paid the fee: the buyer got the price and the account's rent, exactly.
    expect((await market.balance(buyer.address)) - buyerBefore).toBe(held);
    expect(await market.connection.getAccountInfo(new PublicKey(o.escrow))).toBeNull();

    const again = await claim('orders', String(o.id), buyer.file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Nothing is due to be paid out of this order’s escrow');
  });

  it('admin settle lists what is due and who claims it, sends nothing; the seller claims', async () => {
    const o = await paidOrder('0.30');
    const form = new FormData();
    form.set('trackingNumber', 'MS-CLI-1');
    await seller.api.send(uploadTracking, { params: { id: o.id }, form });
    await buyer.api.send(confirmReceipt, { params: { id: o.id } });
    const escrowBefore = await market.balance(market.escrowWallet);

    const listed = await admin('settle', '--yes');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^\\s*${o.id}\\s+release\\s+0\\.30\\s`, 'm'));
    expect(listed.stdout).toContain('Each party claims its payout with the arbiter’s signature');
    expect(listed.stdout).toContain('marketplace orders claim <orderId> --keypair');
    const json = JSON.parse((await admin('settle', '--json')).stdout);
    expect(json).toMatchObject({ mode: 'multisig', sent: 0 });
    expect(json.claims).toContainEqual({
      orderId: o.id,
      action: 'release',
      party: 'seller',
      command: expect.stringContaining(`marketplace orders claim ${o.id} --keypair`),
    });
    expect(await market.balance(market.escrowWallet)).toBe(escrowBefore);

    const sellerBefore = await market.balance(seller.address);
    const claimed = await claim('orders', String(o.id), seller.file);
    expect(claimed.code).toBe(0);
    expect(claimed.stdout).toContain(`Payment claimed: order #${o.id} is completed`);
    expect((await market.balance(seller.address)) - sellerBefore).toBe(300_000_000n);
  });

  it('records with --signature a close that landed but was not recorded, sending nothing', async () => {
    const o = await paidOrder('0.20');
    const form = new FormData();
    form.set('trackingNumber', 'MS-CLI-2');
    await seller.api.send(uploadTracking, { params: { id: o.id }, form });
    await buyer.api.send(confirmReceipt, { params: { id: o.id } });
    // The seller's close lands, and then the recording never happens (a tab closed, a crash).
    const offered = await seller.api.send(escrowOutcome, { params: { id: o.id } });
    const close = Transaction.from(Buffer.from(offered.transaction, 'base64'));
    close.partialSign(seller.keypair);
    const sent = await market.connection.sendRawTransaction(close.serialize());
    await market.connection.confirmTransaction(
      {
        signature: sent,
        blockhash: close.recentBlockhash!,
        lastValidBlockHeight: Number(offered.lastValidBlockHeight),
      },
      'confirmed',
    );
    const sellerBefore = await market.balance(seller.address);
    const claimed = await claim('orders', String(o.id), seller.file, '--signature', sent, '--json');
    expect(claimed.code).toBe(0);
    expect(JSON.parse(claimed.stdout)).toMatchObject({
      outcome: 'release',
      signature: sent,
      order: { status: 'completed', releaseTransactionHash: sent },
    });
    expect(await market.balance(seller.address)).toBe(sellerBefore);
    // Reported again (an answer lost on the way): the order as recorded, not "nothing is due".
    const again = await claim('orders', String(o.id), seller.file, '--signature', sent);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Payment claimed: order #${o.id} is completed`);
  });

  it('a payment that bought nothing: settle lists it, its payer claims it with payments claim', async () => {
    const p = await product('0.20');
    const [first, second] = [await pay('0.20'), await pay('0.20')];
    await buyer.api.send(createOrder, {
      body: orderBody(buyer.user.id, p, first.signature) as never,
    });
    const refused = await buyer.api
      .send(createOrder, { body: orderBody(buyer.user.id, p, second.signature) as never })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);

    const listed = await admin('settle');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Payments that bought nothing, due back to their payers: 1');
    expect(listed.stdout).toContain(second.signature);

    const reconciled = await admin('reconcile');
    expect(reconciled.code).toBe(0);
    expect(reconciled.stdout).toMatch(
      new RegExp(`^${second.signature}\\s+${second.escrow}\\s+0\\.20\\s+0\\.20$`, 'm'),
    );

    const held = await market.balance(second.escrow);
    const before = await market.balance(buyer.address);
    const claimed = await claim('payments', second.signature, buyer.file, '--json');
    expect(claimed.code).toBe(0);
    expect(JSON.parse(claimed.stdout).payment).toMatchObject({
      signature: second.signature,
      status: 'refunded',
    });
    expect((await market.balance(buyer.address)) - before).toBe(held);
    expect((await admin('settle')).stdout).not.toContain(second.signature);
  });
});
