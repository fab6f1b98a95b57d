import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_GRACE_BLOCKS } from '@src/domain/block-window';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody, PDF_BYTES } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

const DAY = 24 * 60 * 60 * 1000;

let api: Api;
let chain: MemoryChain;
let seller: Client;
let buyer: Client;
let admin: Client;
let stranger: Client;
let escrow: string;

beforeAll(async () => {
  api = await startApi({ payer: true });
  chain = api.chain as MemoryChain;
  escrow = api.escrow.publicKey.toBase58();
  [seller, buyer, admin, stranger] = [api.client(), api.client(), api.admin(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn(), admin.signIn(), stranger.signIn()]);
});
afterAll(() => api.close());

const ADMIN = () => `walletAddress=${escrow}`;

/** Moves the server's clock; sessions last 7 days, so everyone signs in again after it. */
async function travel(ms: number) {
  api.clock.advance(ms);
  await Promise.all([seller, buyer, admin, stranger].map((c) => c.signIn()));
}

/** A paid order (escrow_held) of a fresh listing; `shipped` uploads tracking too. */
async function paidOrder(opts: { shipped?: boolean; handlingDays?: number; price?: string } = {}) {
  const price = opts.price ?? '1.50';
  const made = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, price, handlingDays: opts.handlingDays ?? 3 }),
  );
  expect(made.status).toBe(201);
  const signature = chain.pay(buyer.wallet, escrow, solToLamports(price));
  const placed = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
  expect(placed.status).toBe(201);
  if (!opts.shipped) return placed.body;
  const form = new FormData();
  form.set('trackingNumber', 'TRACK-9');
  const shipped = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
  expect(shipped.status).toBe(200);
  return shipped.body;
}

const order = async (id: number) => (await admin.get(`/api/admin/orders/${id}?${ADMIN()}`)).body;

function disputeForm(reason: string, message: string, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  form.set('reason', reason);
  form.set('message', message);
  if (file) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

describe('deadlines', () => {
  it('gives a paid order its ship-by and auto-refund dates from the listing’s handling time', async () => {
    const before = Date.now() + api.clock.offsetMs;
    const o = await paidOrder({ handlingDays: 5 });
    expect(o.handlingDays).toBe(5);
    const shipBy = Date.parse(o.shipBy);
    expect(shipBy - before).toBeGreaterThanOrEqual(5 * DAY - 1000);
    expect(shipBy - before).toBeLessThan(5 * DAY + 60_000);
    expect(Date.parse(o.autoRefundAt) - shipBy).toBe(7 * DAY);
    expect(o.inspectionEndsAt).toBeNull();
  });

  it('starts the inspection period when tracking is uploaded', async () => {
    const o = await paidOrder({ shipped: true });
    expect(Date.parse(o.inspectionEndsAt) - Date.parse(o.trackingUploadedAt)).toBe(7 * DAY);
  });

  it('takes a handling time of 1 to 30 days on a listing, 3 by default', async () => {
    const plain = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
    expect(plain.body.handlingDays).toBe(3);
    for (const handlingDays of [0, 31]) {
      const bad = await seller.post(
        '/api/products',
        listing({ sellerId: seller.user!.id, handlingDays }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/Handling time/);
    }
  });
});

describe('confirm receipt', () => {
  it('makes the release due now, for the buyer only', async () => {
    const o = await paidOrder({ shipped: true });
    expect((await seller.post(`/api/orders/${o.id}/confirm-receipt`)).status).toBe(403);
    expect((await stranger.post(`/api/orders/${o.id}/confirm-receipt`)).status).toBe(403);
    const done = await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'release_due', dueReason: expect.any(String) });
    expect(done.body.receivedAt).toBe(done.body.dueSince);
  });

  it('refuses to confirm twice or before shipping, writing nothing', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const again = await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    expect(again.status).toBe(409);
    const unshipped = await paidOrder();
    expect((await buyer.post(`/api/orders/${unshipped.id}/confirm-receipt`)).status).toBe(409);
    expect(await order(unshipped.id)).toMatchObject({ status: 'escrow_held', receivedAt: null });
  });
});

describe('cancel', () => {
  it('lets the seller call off an unshipped order: the refund is due at once', async () => {
    const o = await paidOrder();
    const done = await seller.post(`/api/orders/${o.id}/cancel`);
    expect(done.body).toMatchObject({ status: 'refund_due' });
    expect(done.body.dueReason).toMatch(/seller cancelled/);
  });

  it('lets the buyer cancel only after the ship-by date, and nobody else', async () => {
    const o = await paidOrder({ handlingDays: 1 });
    const early = await buyer.post(`/api/orders/${o.id}/cancel`);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/once the ship-by date .* has passed/);
    expect((await stranger.post(`/api/orders/${o.id}/cancel`)).status).toBe(403);
    expect((await admin.post(`/api/orders/${o.id}/cancel`)).status).toBe(403);
    await travel(2 * DAY);
    const late = await buyer.post(`/api/orders/${o.id}/cancel`);
    expect(late.body).toMatchObject({ status: 'refund_due' });
    expect(late.body.dueReason).toMatch(/buyer cancelled/);
  });

  it('refuses to cancel a shipped order', async () => {
    const o = await paidOrder({ shipped: true });
    expect((await seller.post(`/api/orders/${o.id}/cancel`)).status).toBe(409);
    expect((await order(o.id)).status).toBe('tracking_uploaded');
  });
});

describe('disputes and messages', () => {
  it('opens a dispute with a reason, a message and evidence only the parties and admins see', async () => {
    const o = await paidOrder({ shipped: true });
    const form = disputeForm('damaged', 'The lens is cracked', {
      bytes: PDF_BYTES,
      name: 'photo.pdf',
    });
    const opened = await buyer.call('POST', `/api/orders/${o.id}/dispute`, form);
    expect(opened.status).toBe(200);
    expect(opened.body.status).toBe('disputed');
    const thread = await seller.get(`/api/orders/${o.id}/thread`);
    expect(thread.body.dispute).toMatchObject({ openedBy: 'buyer', reason: 'damaged' });
    expect(thread.body.messages).toHaveLength(1);
    expect(thread.body.messages[0]).toMatchObject({ role: 'buyer', body: 'The lens is cracked' });
    const file = thread.body.messages[0].files[0] as string;
    // Stored under a name of the server's; shown by the name it was uploaded under.
    expect(file).not.toBe('photo.pdf');
    expect(thread.body.messages[0].fileNames).toEqual(['photo.pdf']);
    for (const who of [buyer, seller, admin]) {
      expect((await who.get(`/uploads/${file}`)).status).toBe(200);
    }
    expect((await stranger.get(`/uploads/${file}`)).status).toBe(403);
    expect((await api.client().get(`/uploads/${file}`)).status).toBe(401);
    expect((await stranger.get(`/api/orders/${o.id}/thread`)).status).toBe(403);
  });

  it('keeps a thread among buyer, seller and admin', async () => {
    const o = await paidOrder();
    const say = (who: Client, text: string) => {
      const form = new FormData();
      form.set('body', text);
      return who.call('POST', `/api/orders/${o.id}/messages`, form);
    };
    expect((await say(seller, 'Shipping tomorrow')).status).toBe(201);
    expect((await say(buyer, 'Thanks')).status).toBe(201);
    expect((await say(admin, 'Noted')).status).toBe(201);
    expect((await say(stranger, 'Hello')).status).toBe(403);
    expect((await say(buyer, '   ')).status).toBe(400);
    // A file's name as a browser or a tool may send it: the last path part, no control characters.
    const attached = new FormData();
    attached.set('body', 'The label');
    attached.set(
      'files',
      new Blob([PDF_BYTES], { type: 'application/pdf' }),
      'C:\\Users\\me\\label\u0007 sc\u202ean.pdf',
    );
    const sent = await buyer.call('POST', `/api/orders/${o.id}/messages`, attached);
    expect(sent.status).toBe(201);
    expect(sent.body.fileNames).toEqual(['label scan.pdf']);
    const thread = await buyer.get(`/api/orders/${o.id}/thread`);
    expect(thread.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'seller',
      'buyer',
      'admin',
      'buyer',
    ]);
  });

  it('refuses a second dispute, an unknown reason, and a dispute of a completed order', async () => {
    const o = await paidOrder();
    const bad = await buyer.call('POST', `/api/orders/${o.id}/dispute`, disputeForm('meh', 'x'));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/reason must be one of/);
    const unshipped = await seller.call(
      'POST',
      `/api/orders/${o.id}/dispute`,
      disputeForm('other', 'No reply'),
    );
    expect(unshipped.status).toBe(409);
    expect(unshipped.body.error).toMatch(/^Ship the order first, or cancel it/);
    await buyer.call('POST', `/api/orders/${o.id}/dispute`, disputeForm('other', 'No reply'));
    const twice = await buyer.call(
      'POST',
      `/api/orders/${o.id}/dispute`,
      disputeForm('other', 'x'),
    );
    expect(twice.status).toBe(409);
    const done = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${done.id}/confirm-receipt`);
    const late = await buyer.call(
      'POST',
      `/api/orders/${done.id}/dispute`,
      disputeForm('other', 'x'),
    );
    expect(late.status).toBe(409);
  });

  it('refuses a dispute while an admin’s payout of the order is under way', async () => {
    const o = await paidOrder({ shipped: true });
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(reserved.status).toBe(201);
    const late = await buyer.call('POST', `/api/orders/${o.id}/dispute`, disputeForm('other', 'x'));
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      'The admin has already decided this order: its payout is under way',
    );
    expect((await order(o.id)).status).toBe('tracking_uploaded');
  });

  it('refuses the buyer’s and the seller’s moves while an admin’s refund is under way, which then records', async () => {
    const reserve = (id: number) =>
      admin.post(`/api/admin/payouts/${id}/reserve?${ADMIN()}`, {
        action: 'refund',
        lastValidBlockHeight: String(chain.height + 150n),
      });
    const decided = 'The admin has already decided this order: its payout is under way';

    const unshipped = await paidOrder();
    expect((await reserve(unshipped.id)).status).toBe(201);
    const tracking = new FormData();
    tracking.set('trackingNumber', 'LATE-1');
    const shipped = await seller.call('POST', `/api/orders/${unshipped.id}/tracking`, tracking);
    expect([shipped.status, shipped.body.error]).toEqual([409, decided]);
    const cancelled = await seller.post(`/api/orders/${unshipped.id}/cancel`);
    expect([cancelled.status, cancelled.body.error]).toEqual([409, decided]);
    expect((await order(unshipped.id)).status).toBe('escrow_held');

    // The buyer confirming receipt would make the seller's payment due: the refund and a
    // release would both leave escrow.
    const o = await paidOrder({ shipped: true });
    const reserved = await reserve(o.id);
    const confirmed = await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    expect([confirmed.status, confirmed.body.error]).toEqual([409, decided]);
    expect((await order(o.id)).status).toBe('tracking_uploaded');
    const signature = chain.payMany(
      escrow,
      [{ to: buyer.wallet, lamports: solToLamports('1.50') }],
      { reference: reserved.body.attempt.reference },
    );
    const recorded = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature });
    expect(recorded.body).toMatchObject({ status: 'cancelled', refundTransactionHash: signature });
  });

  it('records an admin’s refund sent without a reservation though the buyer confirmed receipt meanwhile', async () => {
    // The spec's flow: the escrow wallet sends, then the admin records. The money left first.
    const o = await paidOrder({ shipped: true });
    const signature = chain.payMany(escrow, [
      { to: buyer.wallet, lamports: solToLamports('1.50') },
    ]);
    expect((await buyer.post(`/api/orders/${o.id}/confirm-receipt`)).body.status).toBe(
      'release_due',
    );
    const recorded = await admin.post(`/api/admin/refund/${o.id}?${ADMIN()}`, {
      refundTransactionHash: signature,
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ status: 'cancelled', refundTransactionHash: signature });
    // Nothing is due to the seller any more: the runner pays no second time.
    const due = await admin.get(`/api/admin/payouts-due?${ADMIN()}`);
    expect(due.status).toBe(200);
    expect((due.body as { order: { id: number } }[]).map((d) => d.order.id)).not.toContain(o.id);

    // Without a transfer on chain, a refund of a confirmed order is still refused.
    const other = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${other.id}/confirm-receipt`);
    const forged = await admin.post(`/api/admin/refund/${other.id}?${ADMIN()}`, {
      refundTransactionHash: chain.payMany(escrow, [
        { to: stranger.wallet, lamports: solToLamports('1.50') },
      ]),
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect((await order(other.id)).status).toBe('release_due');
  });

  it('refuses a dispute once the inspection period has ended', async () => {
    const o = await paidOrder({ shipped: true });
    await travel(8 * DAY);
    const late = await buyer.call('POST', `/api/orders/${o.id}/dispute`, disputeForm('other', 'x'));
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/inspection period ended/);
  });
});

describe('payouts due', () => {
  it('lists what is due with why and since when, to admins only, never a disputed order', async () => {
    const received = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${received.id}/confirm-receipt`);
    const cancelled = await paidOrder();
    await seller.post(`/api/orders/${cancelled.id}/cancel`);
    const disputed = await paidOrder({ shipped: true });
    await buyer.call('POST', `/api/orders/${disputed.id}/dispute`, disputeForm('other', 'x'));
    expect((await buyer.get(`/api/admin/payouts-due?walletAddress=${buyer.wallet}`)).status).toBe(
      403,
    );
    const due = (await admin.get(`/api/admin/payouts-due?${ADMIN()}`)).body as {
      order: { id: number };
      action: string;
      reason: string;
      since: string;
    }[];
    const of = (id: number) => due.find((d) => d.order.id === id);
    expect(of(received.id)).toMatchObject({ action: 'release', reason: /confirmed receipt/ });
    expect(of(cancelled.id)).toMatchObject({ action: 'refund', reason: /seller cancelled/ });
    expect(of(disputed.id)).toBeUndefined();
  });
});

describe('a payout reserved, sent and recorded', () => {
  it('lets one payout of an order be under way at a time', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const body = { action: 'release', lastValidBlockHeight: String(chain.height + 150n) };
    const first = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, body);
    expect(first.status).toBe(201);
    expect(first.body.parts).toEqual([
      { recipient: 'seller', wallet: seller.wallet, lamports: solToLamports('1.50').toString() },
    ]);
    const second = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, body);
    expect(second.status).toBe(409);
    const signature = chain.payMany(
      escrow,
      [{ to: seller.wallet, lamports: solToLamports('1.50') }],
      {
        reference: first.body.attempt.reference,
      },
    );
    const recorded = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature });
    expect(recorded.body).toMatchObject({ status: 'completed', releaseTransactionHash: signature });
  });

  it('answers the same order when a payout is recorded twice (its sender and a recovery)', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const signature = chain.payMany(
      escrow,
      [{ to: seller.wallet, lamports: solToLamports('1.50') }],
      {
        reference: reserved.body.attempt.reference,
      },
    );
    const recovered = await admin.post(`/api/admin/payouts/${o.id}/recover?${ADMIN()}`);
    expect(recovered.body.outcome).toBe('recorded');
    const again = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'completed', releaseTransactionHash: signature });
  });

  it('records a transfer sent by hand in place of a reserved payout only once that one cannot land', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const toSeller = [{ to: seller.wallet, lamports: solToLamports('1.50') }];
    const byHand = chain.payMany(escrow, toSeller);
    const record = (signature: string) =>
      admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature });
    const early = await record(byHand);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(
      /^The payout reserved for this order may still land, or be found late, until block height \d+ \(now \d+, about 2 minutes\); record this transfer once that height has passed, if the reserved one has not landed$/,
    );
    expect(await order(o.id)).toMatchObject({ status: 'release_due' });
    chain.advanceBlocks(200n); // the reserved payout's blockhash dies, and it never landed,
    expect((await record(byHand)).status).toBe(409); // but a node may list it late a while yet
    chain.advanceBlocks(LANDING_GRACE_BLOCKS);
    const late = await record(byHand);
    expect(late.body).toMatchObject({ status: 'completed', releaseTransactionHash: byHand });
    const recovered = await admin.post(`/api/admin/payouts/${o.id}/recover?${ADMIN()}`);
    expect(recovered.body.outcome).toBe('none');
  });

  it('refuses a transfer sent by hand once the reserved payout landed', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const toSeller = [{ to: seller.wallet, lamports: solToLamports('1.50') }];
    const landed = chain.payMany(escrow, toSeller, { reference: reserved.body.attempt.reference });
    const byHand = chain.payMany(escrow, toSeller);
    const refused = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, {
      signature: byHand,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `The payout reserved for this order landed as ${landed}; record that one`,
    );
  });

  it('takes no last valid block height further ahead than a blockhash lives', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const reserve = (height: bigint) =>
      admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
        action: 'release',
        lastValidBlockHeight: String(height),
      });
    for (const bad of [-1, '-1', 1.5, 'abc']) {
      const refused = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
        action: 'release',
        lastValidBlockHeight: bad,
      });
      expect(refused.body.error).toMatch(/lastValidBlockHeight must be a block height/);
    }
    // Far ahead, it would hold the order "under way" (its parties' moves refused) for as long.
    const far = await reserve(9_223_372_036_854_775_807n);
    expect(far.status).toBe(400);
    expect(far.body.error).toMatch(/is more than 300 blocks ahead of the chain/);
    // Passed already, it could be given up while a transfer on a live blockhash may still land.
    const passed = await reserve(chain.height - 1n);
    expect(passed.status).toBe(400);
    expect(passed.body.error).toMatch(/has passed already \(the chain is at block \d+\)/);
    expect((await reserve(chain.height + 150n)).status).toBe(201);
  });

  it('passes over a stranger’s transaction that carries a payout’s reference', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    // The reference is public once any transaction carries it: anyone can add it to their own.
    chain.pay(buyer.wallet, buyer.wallet, 1n, { reference: reserved.body.attempt.reference });
    const recover = () => admin.post(`/api/admin/payouts/${o.id}/recover?${ADMIN()}`);
    expect((await recover()).body.outcome).toBe('in_flight');
    chain.advanceBlocks(200n + LANDING_GRACE_BLOCKS); // it dies with no payout of the escrow's
    expect((await recover()).body.outcome).toBe('abandoned');
    const again = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(again.status).toBe(201);
    const paid = chain.payMany(escrow, [{ to: seller.wallet, lamports: solToLamports('1.50') }], {
      reference: again.body.attempt.reference,
    });
    expect((await recover()).body.outcome).toBe('recorded');
    expect(await order(o.id)).toMatchObject({ status: 'completed', releaseTransactionHash: paid });
  });

  it('records why a payout reserved past its deadline is due, as the runner would', async () => {
    const o = await paidOrder({ shipped: true });
    await travel(7 * DAY + 60_000);
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(reserved.status).toBe(201);
    expect(await order(o.id)).toMatchObject({
      status: 'release_due',
      dueReason: expect.stringMatching(/inspection period ended/),
      dueSince: o.inspectionEndsAt,
    });
  });

  it('keeps an order at its status while an admin’s refund of it is under way, though its deadline passes', async () => {
    const o = await paidOrder({ shipped: true });
    await travel(7 * DAY + 60_000); // the inspection ends: a release would fall due
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'refund',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(reserved.status).toBe(201);
    // A second admin, the CLI, or the settlement runner would expire the order to release_due.
    const second = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'release',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(second.status).toBe(409);
    await api.app.payouts.settle!();
    expect((await order(o.id)).status).toBe('tracking_uploaded');
    const refund = chain.payMany(escrow, [{ to: buyer.wallet, lamports: solToLamports('1.50') }], {
      reference: reserved.body.attempt.reference,
    });
    const done = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature: refund });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', refundTransactionHash: refund });
  });

  it('settles a dispute by a split: both sides paid their exact parts in one transaction', async () => {
    const o = await paidOrder({ shipped: true, price: '2.00' });
    await buyer.call(
      'POST',
      `/api/orders/${o.id}/dispute`,
      disputeForm('not_as_described', 'Wrong colour'),
    );
    const tooMuch = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'split',
      sellerPart: '2.00',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(tooMuch.status).toBe(400);
    const reserved = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'split',
      sellerPart: '0.75',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(reserved.status).toBe(201);
    const parts = reserved.body.parts.map((p: { wallet: string; lamports: string }) => ({
      to: p.wallet,
      lamports: BigInt(p.lamports),
    }));
    expect(parts).toEqual([
      { to: seller.wallet, lamports: solToLamports('0.75') },
      { to: buyer.wallet, lamports: solToLamports('1.25') },
    ]);
    const short = chain.payMany(escrow, [parts[0]!]);
    expect(
      (await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature: short })).status,
    ).toBe(400);
    const signature = chain.payMany(escrow, parts, { reference: reserved.body.attempt.reference });
    const done = await admin.post(`/api/admin/payouts/${o.id}?${ADMIN()}`, { signature });
    expect(done.body.status).toBe('completed');
    const thread = await buyer.get(`/api/orders/${o.id}/thread`);
    expect(thread.body.dispute).toMatchObject({
      resolution: 'split',
      sellerLamports: solToLamports('0.75').toString(),
      buyerLamports: solToLamports('1.25').toString(),
    });
  });

  it('refuses the spec’s release of a disputed order’s reserved refund, and a split without a dispute', async () => {
    const o = await paidOrder({ shipped: true });
    const split = await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'split',
      sellerPart: '0.50',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    expect(split.status).toBe(409);
    await buyer.call('POST', `/api/orders/${o.id}/dispute`, disputeForm('other', 'x'));
    await admin.post(`/api/admin/payouts/${o.id}/reserve?${ADMIN()}`, {
      action: 'refund',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const signature = chain.payMany(escrow, [
      { to: seller.wallet, lamports: solToLamports('1.50') },
    ]);
    const release = await admin.post(`/api/admin/release-funds/${o.id}?${ADMIN()}`, {
      releaseTransactionHash: signature,
    });
    expect(release.status).toBe(409);
  });
});

describe('settlement on time', () => {
  it('pays a due release exactly once, and nothing that is disputed or not yet due', async () => {
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const waiting = await paidOrder({ shipped: true });
    await api.app.payouts.settle!();
    const afterFirst = await chain.balance(seller.wallet);
    await api.app.payouts.settle!();
    expect(await chain.balance(seller.wallet)).toBe(afterFirst);
    const paid = await order(o.id);
    expect(paid.status).toBe('completed');
    expect(
      await chain.verifyTransfer({
        signature: paid.releaseTransactionHash,
        from: escrow,
        to: seller.wallet,
        lamports: solToLamports('1.50'),
      }),
    ).toEqual({ ok: true });
    expect((await order(waiting.id)).status).toBe('tracking_uploaded');
  });

  it('pays out an order nobody touched once its inspection period has ended', async () => {
    const o = await paidOrder({ shipped: true });
    await travel(7 * DAY + 60_000);
    await api.app.payouts.settle!();
    expect(await order(o.id)).toMatchObject({
      status: 'completed',
      dueReason: expect.stringMatching(/inspection period ended/),
    });
  });

  it('refunds an order never shipped once the ship-by date and its grace have passed', async () => {
    const o = await paidOrder({ handlingDays: 2 });
    await travel(9 * DAY + 60_000);
    const late = new FormData();
    late.set('trackingNumber', 'LATE');
    expect((await seller.call('POST', `/api/orders/${o.id}/tracking`, late)).status).toBe(409);
    await api.app.payouts.settle!();
    const refunded = await order(o.id);
    expect(refunded.status).toBe('cancelled');
    expect(
      await chain.verifyTransfer({
        signature: refunded.refundTransactionHash,
        from: escrow,
        to: buyer.wallet,
        lamports: solToLamports('1.50'),
      }),
    ).toEqual({ ok: true });
  });

  it('never pays twice across a crash between reserving and landing', async () => {
    chain.advanceBlocks(200n + LANDING_GRACE_BLOCKS); // payouts earlier tests left reserved die,
    await api.app.payouts.settle!(); // and whatever they left due is paid
    const o = await paidOrder({ shipped: true });
    await buyer.post(`/api/orders/${o.id}/confirm-receipt`);
    const sellerBefore = await chain.balance(seller.wallet);
    api.payer!.drop = true; // the transfer is lost on its way, as if the process died
    await api.app.payouts.settle!();
    expect((await order(o.id)).status).toBe('release_due');
    const sent = api.payer!.sent;
    api.payer!.drop = false;
    await api.app.payouts.settle!(); // still in flight: its blockhash lives, nothing is sent
    expect(api.payer!.sent).toBe(sent);
    expect(await chain.balance(seller.wallet)).toBe(sellerBefore);
    chain.advanceBlocks(200n + LANDING_GRACE_BLOCKS); // it died: given up, a new one pays
    await api.app.payouts.settle!();
    expect((await order(o.id)).status).toBe('completed');
    expect((await chain.balance(seller.wallet)) - sellerBefore).toBe(solToLamports('1.50'));
  });
});
