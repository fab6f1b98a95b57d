import { describe, expect, it } from 'vitest';
import { Client } from '../support/api';
import type { ServerProcess } from '../support/server-process';
import { POSTGRES, twoServers } from '../support/two-servers';

const pair = twoServers({ RATE_LIMIT_CHALLENGE: '3/100', RATE_LIMIT_ORDER: '100/2' });

const challenge = (server: ServerProcess) => {
  const person = new Client(server.url);
  return person.post('/api/auth/challenge', { walletAddress: person.wallet });
};

describe.skipIf(!POSTGRES)('abuse limits across two server processes on one PostgreSQL', () => {
  it('counts one wallet’s order posts on both servers together', async () => {
    const [a, b] = pair();
    const atA = new Client(a.url);
    const { user } = await atA.signIn();
    // The session lives in the database: the same cookie works on the other server.
    const atB = new Client(b.url, atA.keypair);
    atB.cookie = atA.cookie;
    const post = (client: Client) =>
      client.post('/api/orders', {
        productId: 1,
        buyerId: user.id,
        sellerId: 2,
        price: '1.00',
        status: 'escrow_held',
        escrowTransactionHash: '5'.repeat(88),
      });
    expect((await post(atA)).status).toBe(404);
    expect((await post(atB)).status).toBe(404);
    const refused = await post(atA);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many orders posted/);
  });
  it('counts one address’s sign-in challenges on both servers together', async () => {
    const [a, b] = pair();
    // The sign-in of the test before spent the first of this address's 3 challenges, on A.
    expect((await challenge(b)).status).toBe(200);
    expect((await challenge(a)).status).toBe(200);
    const refused = await challenge(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/^Too many sign-in requests; please try again in \d+ s$/);
    expect((await challenge(a)).status).toBe(429);
  });
});
