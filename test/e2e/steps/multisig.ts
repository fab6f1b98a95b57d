import assert from 'node:assert/strict';
import path from 'node:path';
import {
  PublicKey,
  SendTransactionError,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { buildEscrowPurchase } from '@src/adapters/solana/escrow-multisig';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { purchaseRequest } from '@src/contracts/orders';
import { warpChain } from '@src/local-chain/time-client';
import { MULTISIG_SIZE, TOKEN_PROGRAM } from '@src/domain/escrow-multisig';
import { Api } from '../lib/api';
import {
  assertClosed,
  assertEscrowHolds,
  deltaOf,
  escrowOf,
  feeOf,
  movement,
  tokenAccountRent,
  type Movement,
} from '../lib/escrow-chain';
import type { Step } from '../lib/runner';
import { connectWallet, eventually, navLink, productCard, see, toast } from '../lib/ui';
import type { World } from '../lib/world';
import { CONTACT, LAMP_LAMPORTS } from './buyer-pays';
import { LAMP, LAMP_PRICE } from './seller-lists';
import { TRACKING } from './seller-ships';

/**
 * ESCROW_MODE=multisig (issue 18), checked on chain lamport by lamport: each order's money waits
 * in its own wrapped-SOL account of a 2-of-3 multisig (buyer, seller, arbiter = the escrow
 * wallet's key); every outcome is claimed by the party paid, who adds its signature to the
 * arbiter's. Expected amounts are written out by hand or read from the chain (rent, fees), never
 * from the product.
 */

const KIT = 'Multisig Test Kit';
const KIT_PRICE = '2.00';
const KIT_LAMPORTS = 2_000_000_000n;
const SELLER_PART = '0.80';
const SELLER_PART_LAMPORTS = 800_000_000n;
const BUYER_PART_LAMPORTS = 1_200_000_000n;

interface Kits {
  confirmed: number;
  cancelled: number;
  late: number;
  disputed: number;
  untouched: number;
}
const HOUR = 3600;

const arbiterOf = (w: World) => w.chain.info.escrowWallet;

/** Every escrow account the journey made, by order id (the reconcile step checks them all). */
function escrows(w: World): Map<number, string> {
  w.data.escrows ??= new Map<number, string>();
  return w.data.escrows as Map<number, string>;
}

async function buyerApi(w: World): Promise<Api> {
  if (!w.data.buyerApi) {
    const api = new Api(w.product.url);
    await api.signIn(w.wallets.buyer);
    w.data.buyerApi = api;
  }
  return w.data.buyerApi as Api;
}

const sellerOrder = async (w: World, id: number) =>
  (await w.api.seller.get(`/api/orders/seller/${w.data.sellerId}`)).find(
    (o: { id: number }) => o.id === id,
  );

/** 3m. The buyer pays through the Buy dialog: one transaction into the order's own escrow. */
export const multisigBuyerPaysStep: Step = {
  name: '3m. the buyer pays through the Buy dialog into a 2-of-3 escrow account of its own',
  async run(w) {
    const actor = await w.actor('buyer');
    const { page } = actor;
    const wallet = w.wallets.buyer;
    const { connection } = w.chain;
    await page.goto('/');
    await connectWallet(actor);
    await productCard(page, LAMP).click();
    const dialog = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog');
    await dialog.getByRole('button', { name: 'Buy Now with SOL' }).click();
    await dialog.getByLabel('Email Address').fill(CONTACT.email);
    await dialog.getByLabel('Shipping Address').fill(CONTACT.address);
    await dialog.getByLabel('Full Name').fill(CONTACT.name);

    const [buyerBefore, escrowWalletBefore, rent, multisigRent] = await Promise.all([
      w.chain.balance(wallet.address),
      w.chain.balance(arbiterOf(w)),
      tokenAccountRent(connection),
      connection.getMinimumBalanceForRentExemption(MULTISIG_SIZE).then(BigInt),
    ]);
    await dialog.getByRole('button', { name: 'Complete Purchase' }).click();
    await toast(page, 'Payment Secured!');
    await w.shoot(page, 'multisig-payment-secured', { focus: dialog.getByText('Order recorded.') });

    assert.equal(wallet.transactions.length, 1, 'the wallet signed exactly one transaction');
    const paid = wallet.transactions[0]!;
    assert.deepEqual(paid.transfers.length, 1, 'one System transfer: the price');
    assert.equal(paid.transfers[0]!.lamports, LAMP_LAMPORTS);
    const m = await movement(connection, paid.signature);
    assert.equal(m.feePayer, wallet.address, 'the buyer pays the fee');
    // The pair's first order: the multisig and the escrow account are both created here.
    assert.equal(m.created.size, 2, 'two accounts created: the multisig and the escrow');
    const escrow = escrowOf(m, LAMP_LAMPORTS, rent);
    const multisig = await assertEscrowHolds(connection, escrow, {
      price: LAMP_LAMPORTS,
      buyer: wallet.address,
      seller: w.wallets.seller.address,
      arbiter: arbiterOf(w),
    });
    assert.equal(m.created.get(multisig), multisigRent, 'the multisig holds its rent');
    const cost = LAMP_LAMPORTS + rent + multisigRent + m.fee;
    assert.equal(deltaOf(m, wallet.address), -cost, 'meta: price + rents + fee');
    assert.equal(
      (await w.chain.balance(wallet.address)) - buyerBefore,
      -cost,
      'the buyer has exactly price + rent + fee less',
    );
    assert.equal(
      await w.chain.balance(arbiterOf(w)),
      escrowWalletBefore,
      'the escrow wallet did not move',
    );

    const me = await page.request.get('/api/auth/session').then((r) => r.json());
    const orders = await page.request.get(`/api/orders/buyer/${me.userId}`).then((r) => r.json());
    assert.equal(orders.length, 1);
    const order = orders[0];
    assert.equal(order.status, 'escrow_held');
    assert.equal(order.escrowTransactionHash, paid.signature);
    assert.equal(order.price, LAMP_PRICE);
    w.data.order = order;
    w.data.buyerId = me.userId;
    escrows(w).set(order.id, escrow);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  },
};

/**
 * The party paid clicks its Claim button; answers the close's movements once the order records
 * it. Asserts the escrow account is closed and the arbiter's signature plus the party's.
 */
async function claim(
  w: World,
  party: 'seller' | 'buyer',
  page: Page,
  button: ReturnType<Page['getByRole']>,
  id: number,
  shot: string,
): Promise<Movement> {
  const wallet = w.wallets[party];
  const signed = wallet.transactions.length;
  const escrowWalletBefore = await w.chain.balance(arbiterOf(w));
  await w.shoot(page, shot, { focus: button });
  await button.click();
  await toast(page, party === 'seller' ? 'Payment Claimed' : 'Refund Claimed');
  assert.equal(wallet.transactions.length, signed + 1, `the ${party} signed one transaction`);
  const order = await eventually(async () => {
    const o = await sellerOrder(w, id);
    assert.ok(['completed', 'cancelled'].includes(o.status), `order #${id} is paid out`);
    return o;
  });
  // The close's id is its first signature, the arbiter's (the fee payer); the party's is second.
  const closeId: string = order.releaseTransactionHash ?? order.refundTransactionHash;
  const m = await movement(w.chain.connection, closeId);
  assert.deepEqual(
    [...m.signatures].sort(),
    [closeId, wallet.transactions.at(-1)!.signature].sort(),
    `the close carries the arbiter's signature and the ${party}'s`,
  );
  const escrow = escrows(w).get(id)!;
  assert.ok(m.emptied.has(escrow), 'the close emptied the escrow account');
  await assertClosed(w.chain.connection, escrow);
  // The arbiter (the marketplace) pays the close's fee, as the escrow wallet does in wallet mode;
  // besides that fee its wallet does not move.
  assert.equal(
    (await w.chain.balance(arbiterOf(w))) - escrowWalletBefore,
    -feeOf(m, arbiterOf(w)),
    'the escrow wallet moved by the fee it paid, if any',
  );
  return m;
}

/** 5m. The admin releases in Escrow Management: a decision; nothing is sent from escrow. */
export const multisigAdminReleasesStep: Step = {
  name: '5m. the admin releases after review (a decision: nothing leaves the escrow wallet)',
  async run(w) {
    const actor = await w.actor('admin');
    const { page } = actor;
    const order = w.data.order;
    await page.goto('/');
    await connectWallet(actor);
    await navLink(page, 'Admin').click();
    await page.getByRole('tab', { name: 'Escrow Management' }).click();
    const card = await see(page.getByRole('article', { name: `Order #${order.id}` }), 'card');
    await see(card.getByText(TRACKING, { exact: true }), 'the tracking number');
    const escrowWalletBefore = await w.chain.balance(arbiterOf(w));
    const signed = w.wallets.admin.transactions.length;
    await card.getByRole('button', { name: 'Release Funds' }).click();
    const confirm = await see(page.getByRole('alertdialog', { name: 'Release Funds' }), 'confirm');
    await confirm.getByRole('button', { name: 'Release Funds' }).click();
    await toast(page, 'Decision Recorded');
    await see(
      card.getByText('Decision recorded: the seller claims the payment from Your Sales.'),
      'the decision on the card',
    );
    assert.equal(
      await card.getByRole('button', { name: 'Release Funds' }).count(),
      0,
      'no second decision is offered',
    );
    await w.shoot(page, 'multisig-admin-decision');
    assert.equal(w.wallets.admin.transactions.length, signed, 'the admin wallet signed nothing');
    assert.equal(await w.chain.balance(arbiterOf(w)), escrowWalletBefore, 'escrow wallet still');
    await assertEscrowHolds(w.chain.connection, escrows(w).get(order.id)!, {
      price: LAMP_LAMPORTS,
      buyer: w.wallets.buyer.address,
      seller: w.wallets.seller.address,
      arbiter: arbiterOf(w),
    });
  },
};

/** The seller's sale card for an order on Your Sales, freshly loaded. */
async function saleCard(w: World, id: number) {
  const { page } = await w.actor('seller');
  await page.goto('/seller-dashboard');
  await page.getByRole('tab', { name: 'Your Sales' }).click();
  return { page, card: page.getByRole('article', { name: `Order #${id}`, exact: true }) };
}

/** The seller claims a release: the price to the seller, the rent back to the buyer. */
async function sellerClaims(w: World, id: number, price: bigint, toBuyer: bigint, shot: string) {
  const { page, card } = await saleCard(w, id);
  const button = await see(card.getByRole('button', { name: 'Claim Payment' }), 'Claim Payment');
  const seller = w.wallets.seller.address;
  const buyer = w.wallets.buyer.address;
  const [sellerBefore, buyerBefore, rent] = await Promise.all([
    w.chain.balance(seller),
    w.chain.balance(buyer),
    tokenAccountRent(w.chain.connection),
  ]);
  const m = await claim(w, 'seller', page, button, id, shot);
  const sellerGets = price - toBuyer - feeOf(m, seller);
  const buyerGets = toBuyer + rent - feeOf(m, buyer);
  assert.equal(deltaOf(m, seller), sellerGets, 'meta: the seller’s part less its fee');
  assert.equal(deltaOf(m, buyer), buyerGets, 'meta: the buyer’s part and the rent back');
  assert.equal((await w.chain.balance(seller)) - sellerBefore, sellerGets, 'seller exactly');
  assert.equal((await w.chain.balance(buyer)) - buyerBefore, buyerGets, 'buyer exactly');
  await see(card.getByText('COMPLETED', { exact: true }), 'COMPLETED in Your Sales');
}

/** 5m'. The seller claims the admin's release from Your Sales. */
export const multisigSellerClaimsStep: Step = {
  name: "5m'. the seller clicks Claim Payment: price to the seller, rent back to the buyer, escrow closed",
  async run(w) {
    const { card } = await saleCard(w, w.data.order.id);
    await see(card.getByText('The admin decided to pay you: claim your payment'), 'the words');
    await sellerClaims(w, w.data.order.id, LAMP_LAMPORTS, 0n, 'multisig-claim-payment');
  },
};

/** Pays a kit into its own escrow from the buyer's key (the Buy dialog is step 3m) and orders. */
async function buyKit(w: World, product: any): Promise<number> {
  const { connection } = w.chain;
  const bought = await buildEscrowPurchase(connection, {
    buyer: w.wallets.buyer.address,
    seller: w.wallets.seller.address,
    arbiter: arbiterOf(w),
    lamports: KIT_LAMPORTS,
  });
  assert.equal(bought.rent.multisig, 0n, 'the pair’s multisig is reused');
  bought.transaction.sign(w.wallets.buyer.keypair);
  const signature = await sendAndConfirm(connection, bought.transaction);
  const order = await (
    await buyerApi(w)
  ).post('/api/orders', purchaseRequest({ product, buyerId: w.data.buyerId, signature }));
  escrows(w).set(order.id, bought.escrow);
  return order.id;
}

async function ship(w: World, id: number, tracking: string) {
  const form = new FormData();
  form.append('trackingNumber', tracking);
  await w.api.seller.form(`/api/orders/${id}/tracking`, form);
}

const row = (page: Page, id: number) =>
  page.getByTestId('order-row').filter({ has: page.getByText(`Order #${id}`, { exact: true }) });

async function myPurchases(w: World) {
  const { page } = await w.actor('buyer');
  await page.goto('/buyer-dashboard');
  await see(page.getByRole('heading', { name: 'Recent Orders' }), 'Recent Orders');
  return page;
}

/** 8m1. Kits; the buyer confirms receipt and the seller claims its payment. */
export const multisigConfirmReceiptStep: Step = {
  name: '8m1. the buyer confirms receipt; the seller claims exactly the price',
  async run(w) {
    const kit = await w.api.seller.post('/api/products', {
      name: KIT,
      description: 'Five kits for the multisig journey.',
      price: KIT_PRICE,
      category: 'physical-items',
      condition: 'new',
      quantity: 5,
      handlingDays: 1,
      sellerId: w.data.sellerId,
      imageUrl: null,
    });
    const kits: Kits = {
      confirmed: await buyKit(w, kit),
      cancelled: await buyKit(w, kit),
      late: await buyKit(w, kit),
      disputed: await buyKit(w, kit),
      untouched: await buyKit(w, kit),
    };
    w.data.kits = kits;
    await ship(w, kits.confirmed, 'MS-CONFIRM-1');
    await ship(w, kits.disputed, 'MS-DISPUTE-1');

    const page = await myPurchases(w);
    await row(page, kits.confirmed).getByRole('button', { name: 'Confirm Receipt' }).click();
    const ask = await see(page.getByRole('alertdialog', { name: 'Confirm Receipt' }), 'ask');
    await ask.getByRole('button', { name: 'Confirm Receipt' }).click();
    await toast(page, 'Receipt Confirmed');
    // Nothing is paid by the server in this mode: the order waits for the seller's claim.
    assert.equal((await sellerOrder(w, kits.confirmed)).status, 'release_due');
    await sellerClaims(w, kits.confirmed, KIT_LAMPORTS, 0n, 'multisig-claim-after-receipt');
  },
};

/** 8m2. The seller cancels before shipping; the buyer claims the refund from My Purchases. */
export const multisigRefundStep: Step = {
  name: '8m2. the seller cancels before shipping; the buyer claims the price and the rent back',
  async run(w) {
    const id = (w.data.kits as Kits).cancelled;
    const { card } = await saleCard(w, id);
    const seller = (await w.actor('seller')).page;
    await card.getByRole('button', { name: 'Cancel Order' }).click();
    const ask = await see(seller.getByRole('alertdialog', { name: 'Cancel Order' }), 'ask');
    await ask.getByRole('button', { name: 'Cancel Order' }).click();
    await toast(seller, 'Order Cancelled');

    await buyerClaimsRefund(w, id, 'multisig-claim-refund');
  },
};

/** The buyer claims a refund from My Purchases: the price and the rent back, exactly. */
async function buyerClaimsRefund(w: World, id: number, shot: string) {
  const page = await myPurchases(w);
  const button = await see(
    row(page, id).getByRole('button', { name: 'Claim Refund' }),
    'Claim Refund',
  );
  const buyer = w.wallets.buyer.address;
  const [before, rent] = await Promise.all([
    w.chain.balance(buyer),
    tokenAccountRent(w.chain.connection),
  ]);
  const m = await claim(w, 'buyer', page, button, id, shot);
  const gets = KIT_LAMPORTS + rent - feeOf(m, buyer);
  assert.equal(deltaOf(m, buyer), gets, 'meta: price + rent − the buyer’s fee');
  assert.equal((await w.chain.balance(buyer)) - before, gets, 'the buyer exactly');
  assert.equal(deltaOf(m, w.wallets.seller.address), 0n, 'the seller does not move');
  await see(row(page, id).getByText('CANCELLED', { exact: true }), 'CANCELLED');
}

/** 8m3. Never shipped: past the ship-by date the buyer cancels and claims the refund. */
export const multisigLateRefundStep: Step = {
  name: '8m3. never shipped, the clock passes ship-by, the buyer cancels and claims the refund',
  movesTheClock: true,
  async run(w) {
    const id = (w.data.kits as Kits).late;
    await warpChain(w.chain.info.rpcUrl, 26 * HOUR);
    const page = await myPurchases(w);
    const late = row(page, id);
    await see(
      late.getByText(
        /^Not shipped by \w+ \d+: you can cancel for a full refund; you can claim it on/,
      ),
      'the passed ship-by date in words, with the refund to claim',
    );
    await late.getByRole('button', { name: 'Cancel Order' }).click();
    const ask = await see(page.getByRole('alertdialog', { name: 'Cancel Order' }), 'ask');
    await ask.getByRole('button', { name: 'Cancel Order' }).click();
    await toast(page, 'Order Cancelled');
    assert.equal((await sellerOrder(w, id)).status, 'refund_due', 'nothing paid until claimed');
    await buyerClaimsRefund(w, id, 'multisig-claim-late-refund');
  },
};

/** 8m4. A dispute settled by the admin's split; the seller claims, each gets its part. */
export const multisigDisputeSplitStep: Step = {
  name: '8m4. a dispute split by the admin: the seller claims, 0.80 to the seller, 1.20 + rent to the buyer',
  async run(w) {
    const id = (w.data.kits as Kits).disputed;
    const page = await myPurchases(w);
    await row(page, id).getByRole('button', { name: 'Report a Problem' }).click();
    const report = await see(page.getByRole('dialog', { name: 'Report a Problem' }), 'report');
    await report.getByLabel('Reason').selectOption('damaged');
    await report.getByLabel('Message').fill('The kit arrived with a cracked case.');
    await report.locator('input[type="file"]').setInputFiles(w.files.proof);
    await see(report.getByText(path.basename(w.files.proof)), 'the evidence listed');
    await report.getByRole('button', { name: 'Report Problem' }).click();
    await toast(page, 'Problem Reported');

    const admin = (await w.actor('admin')).page;
    await admin.goto('/admin-dashboard');
    await admin.getByRole('tab', { name: 'Escrow Management' }).click();
    const card = await see(admin.getByRole('article', { name: `Dispute #${id}` }), 'dispute');
    const escrowWalletBefore = await w.chain.balance(arbiterOf(w));
    await card.getByRole('button', { name: 'Resolve' }).click();
    const resolve = await see(admin.getByRole('dialog', { name: 'Resolve Dispute' }), 'resolve');
    await resolve.getByRole('radio', { name: 'Split between them' }).check();
    await resolve.getByLabel('Seller’s part (SOL)').fill(SELLER_PART);
    await see(resolve.getByText('0.80 SOL to the seller and 1.20 SOL to the buyer'), 'parts');
    await resolve.getByRole('button', { name: 'Split Payment' }).click();
    const sure = await see(admin.getByRole('alertdialog', { name: 'Split Payment' }), 'sure?');
    await see(sure.getByText(/^Warning: This action cannot be undone\./), 'the warning');
    await sure.getByRole('button', { name: 'Split Payment' }).click();
    await toast(admin, 'Decision Recorded');
    await see(
      card.getByText('Decision recorded: the seller claims the payment from Your Sales.'),
      'the decision on the dispute',
    );
    await w.shoot(admin, 'multisig-admin-split-decided', { focus: card });
    assert.equal(await w.chain.balance(arbiterOf(w)), escrowWalletBefore, 'escrow wallet still');

    await sellerClaims(w, id, KIT_LAMPORTS, BUYER_PART_LAMPORTS, 'multisig-claim-split');
    const seller = (await w.actor('seller')).page;
    await see(seller.getByText(`Your part of order #${id} is in your wallet.`), 'the part paid');
    const thread = await (await buyerApi(w)).get(`/api/orders/${id}/thread`);
    assert.equal(thread.dispute.resolution, 'split');
    assert.equal(BigInt(thread.dispute.sellerLamports), SELLER_PART_LAMPORTS);
    assert.equal(BigInt(thread.dispute.buyerLamports), BUYER_PART_LAMPORTS);
  },
};

/**
 * 8m5. The arbiter's key alone cannot move an order's money: a close of the untouched kit's
 * escrow signed only by the arbiter, paying the arbiter, is refused by preflight and, sent
 * anyway, fails on chain; the account still holds the price.
 */
export const arbiterAloneStep: Step = {
  name: "8m5. the arbiter's key alone cannot close an order's escrow (refused on chain)",
  async run(w) {
    const id = (w.data.kits as Kits).untouched;
    const escrow = escrows(w).get(id)!;
    const { connection } = w.chain;
    const arbiter = w.wallets.admin.keypair;
    const want = {
      price: KIT_LAMPORTS,
      buyer: w.wallets.buyer.address,
      seller: w.wallets.seller.address,
      arbiter: arbiterOf(w),
    };
    const multisig = await assertEscrowHolds(connection, escrow, want);
    const steal = async () => {
      const latest = await connection.getLatestBlockhash('confirmed');
      const tx = new Transaction({ feePayer: arbiter.publicKey, ...latest }).add(
        new TransactionInstruction({
          programId: new PublicKey(TOKEN_PROGRAM),
          keys: [
            { pubkey: new PublicKey(escrow), isSigner: false, isWritable: true },
            { pubkey: arbiter.publicKey, isSigner: false, isWritable: true },
            { pubkey: new PublicKey(multisig), isSigner: false, isWritable: false },
            { pubkey: arbiter.publicKey, isSigner: true, isWritable: false },
          ],
          data: Buffer.from([9]), // CloseAccount
        }),
      );
      tx.sign(arbiter);
      return tx.serialize();
    };
    await assert.rejects(
      connection.sendRawTransaction(await steal(), { preflightCommitment: 'confirmed' }),
      (error: Error) => error instanceof SendTransactionError,
      'preflight refuses the arbiter’s lone close',
    );
    const before = await w.chain.balance(arbiterOf(w));
    const signature = await connection.sendRawTransaction(await steal(), { skipPreflight: true });
    const landed = await eventually(async () => {
      const tx = await connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
      assert.ok(tx?.meta, 'the lone close is on chain');
      return tx;
    });
    assert.notEqual(landed.meta!.err, null, 'the lone close failed on chain');
    assert.ok(
      landed.meta!.logMessages?.some((l) => /signature|signer/i.test(l)),
      `the token program names the missing signer: ${landed.meta!.logMessages?.join(' | ')}`,
    );
    assert.equal(
      (await w.chain.balance(arbiterOf(w))) - before,
      -BigInt(landed.meta!.fee),
      'the arbiter only paid the fee of its failed attempt',
    );
    await assertEscrowHolds(connection, escrow, want);
  },
};
