import { afterEach, describe, expect, it } from 'vitest';
import { startApi, type ApiOptions, type Reply } from '../support/api';
import { listing } from '../support/fixtures';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const api of open.splice(0)) await api.close();
});

async function api(limits: ApiOptions['limits']) {
  const started = await startApi({ limits });
  open.push(started);
  return started;
}

/** A 429 that says what was refused and when to come back. */
function expectRefused(reply: Reply, what: RegExp) {
  expect(reply.status).toBe(429);
  expect(reply.body.error).toMatch(what);
  const seconds = Number(reply.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(reply.body.error).toContain(`try again in ${seconds} s`);
}

const ORDER = (buyerId: number) => ({
  productId: 1,
  buyerId,
  sellerId: 2,
  price: '1.00',
  status: 'escrow_held',
  escrowTransactionHash: '5'.repeat(88),
});

describe('abuse limits', () => {
  it('refuses sign-in challenges beyond the per-address limit', async () => {
    const a = await api({ challenge: { perAddress: 2, perWallet: 100 } });
    const ask = () => {
      const c = a.client();
      return c.post('/api/auth/challenge', { walletAddress: c.wallet });
    };
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expectRefused(await ask(), /^Too many sign-in requests/);
  });

  it('lets nobody lock a wallet out by naming it: challenges and failed attempts do not count for it', async () => {
    const a = await api({
      challenge: { perAddress: 100, perWallet: 1 },
      sign_in: { perAddress: 100, perWallet: 1 },
    });
    const [owner, attacker] = [a.client(), a.client()];
    const wrong = {
      walletAddress: owner.wallet,
      message: 'Nonce: nope',
      signature: '1'.repeat(88),
    };
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await attacker.post('/api/auth/challenge', { walletAddress: owner.wallet })).status,
      ).toBe(200);
      expect((await attacker.post('/api/auth/verify', wrong)).status).toBe(401);
    }
    expect((await owner.signInReplies()).verified.status).toBe(200);
  });

  it('limits the sign-ins a wallet completes (one a minute here), not the attempts', async () => {
    const a = await api({ sign_in: { perAddress: 100, perWallet: 1 } });
    const c = a.client();
    expect((await c.signInReplies()).verified.status).toBe(200);
    expectRefused((await c.signInReplies()).verified, /^Too many sign-in attempts/);
    expect((await a.client().signInReplies()).verified.status).toBe(200);
  });

  it('refuses order posts beyond the per-wallet and the per-address limits', async () => {
    const a = await api({ order: { perAddress: 3, perWallet: 2 } });
    const [first, second] = [a.client(), a.client()];
    await Promise.all([first.signIn(), second.signIn()]);
    expect((await first.post('/api/orders', ORDER(first.user!.id))).status).toBe(404);
    expect((await first.post('/api/orders', ORDER(first.user!.id))).status).toBe(404);
    expectRefused(await first.post('/api/orders', ORDER(first.user!.id)), /^Too many orders/);
    // The refused post spent the address's third point: the other wallet is over it too.
    expectRefused(await second.post('/api/orders', ORDER(second.user!.id)), /^Too many orders/);
  });

  it('counts listings, listing updates, tracking, messages and disputes as uploads, before reading them', async () => {
    const a = await api({ upload: { perAddress: 100, perWallet: 2 } });
    const seller = a.client();
    await seller.signIn();
    const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
    expect(made.status).toBe(201);
    const edited = await seller.put(
      `/api/products/${made.body.id}`,
      listing({ sellerId: seller.user!.id }),
    );
    expect(edited.status).toBe(200);
    const form = new FormData();
    form.set('trackingNumber', 'TRACK-1');
    expectRefused(await seller.call('POST', '/api/orders/1/tracking', form), /^Too many uploads/);
    const message = new FormData();
    message.set('body', 'Here is a photo of the parcel');
    expectRefused(
      await seller.call('POST', '/api/orders/1/messages', message),
      /^Too many uploads/,
    );
    expectRefused(await seller.call('POST', '/api/orders/1/dispute', message), /^Too many uploads/);
    // Refused before its body is read: a body that is not even JSON gets the 429, not a 400.
    expectRefused(await seller.post('/api/products', 'not json'), /^Too many uploads/);
  });

  it('limits every other write of a wallet', async () => {
    const a = await api({ write: { perAddress: 100, perWallet: 1 } });
    const seller = a.client();
    await seller.signIn();
    expect((await seller.del('/api/products/999')).status).toBe(404);
    expectRefused(await seller.del('/api/products/999'), /^Too many requests/);
    expect((await seller.get('/api/products')).status).toBe(200);
  });

  it('counts asking for an escrow close as a write: each is signed with the arbiter’s key', async () => {
    const a = await api({ write: { perAddress: 100, perWallet: 1 } });
    const party = a.client();
    await party.signIn();
    expect((await party.get('/api/orders/999/escrow-outcome')).status).toBe(404);
    expectRefused(await party.get('/api/orders/999/escrow-outcome'), /^Too many requests/);
    expect((await party.call('HEAD', '/api/orders/999/escrow-outcome')).status).toBe(429);
    expect((await party.get('/api/orders/999')).status).toBe(404);
  });
});
