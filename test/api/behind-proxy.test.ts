import { afterEach, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { Client, startApi, type ApiOptions } from '../support/api';
import { listing, orderBody, PNG_DATA_URL } from '../support/fixtures';
import { startForwardingProxy } from '../support/forwarding-proxy';
import type { MemoryChain } from '../support/memory-chain';

const PUBLIC = 'https://shop.example';
const BROWSER = { origin: PUBLIC };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

/** The API behind a proxy that forwards it as https://shop.example. */
async function behindProxy(opts: ApiOptions) {
  const api = await startApi(opts);
  open.push(api);
  const proxy = await startForwardingProxy(api.url, { host: 'shop.example', proto: 'https' });
  open.push(proxy);
  /** A browser (or a person at one address) reaching the marketplace through the proxy. */
  const visitor = (headers: Record<string, string> = BROWSER) =>
    new Client(proxy.url, undefined, headers);
  return { api, visitor };
}

const setCookieOf = (reply: { headers: Headers }) => reply.headers.get('set-cookie') ?? '';

describe('behind an https proxy with PUBLIC_URL and TRUST_PROXY', () => {
  it('signs in, lists and sells with the public origin in the message and a Secure cookie', async () => {
    const { api, visitor } = await behindProxy({
      server: { publicUrl: PUBLIC, trustProxy: 1 },
      limits: {},
    });
    const [seller, buyer] = [visitor(), visitor()];

    const { challenge, verified } = await buyer.signInReplies();
    expect(challenge.body.message).toMatch(/^shop\.example wants you to sign in/);
    expect(challenge.body.message).toContain('\nURI: https://shop.example\n');
    expect(verified.status).toBe(200);
    expect(setCookieOf(verified)).toMatch(/; secure/i);
    expect(setCookieOf(verified)).toMatch(/; httponly/i);
    expect((await buyer.get('/api/auth/session')).status).toBe(200);
    expect(verified.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

    await seller.signIn();
    const made = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, imageUrl: JSON.stringify([PNG_DATA_URL]) }),
    );
    expect(made.status).toBe(201);
    const signature = (api.chain as MemoryChain).pay(
      buyer.wallet,
      api.escrow.publicKey.toBase58(),
      solToLamports(made.body.price),
    );
    const bought = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
    expect(bought).toMatchObject({ status: 201, body: { status: 'escrow_held' } });
    const image = JSON.parse((await buyer.get(`/api/products/${made.body.id}`)).body.imageUrl)[0];
    expect((await buyer.get(image)).status).toBe(200);
  });

  it('still refuses a write whose Origin is another site', async () => {
    const { visitor } = await behindProxy({ server: { publicUrl: PUBLIC, trustProxy: 1 } });
    const foreign = visitor({ origin: 'https://evil.example' });
    const res = await foreign.post('/api/auth/challenge', { walletAddress: foreign.wallet });
    expect(res).toMatchObject({ status: 403, body: { error: 'Cross-site request refused' } });
  });

  it('counts abuse limits per client address from X-Forwarded-For', async () => {
    const { visitor } = await behindProxy({
      server: { publicUrl: PUBLIC, trustProxy: 1 },
      limits: { challenge: { perAddress: 1, perWallet: 100 } },
    });
    const ask = (ip: string) => {
      const person = visitor({ ...BROWSER, 'x-test-client-ip': ip });
      return person.post('/api/auth/challenge', { walletAddress: person.wallet });
    };
    expect((await ask('198.51.100.1')).status).toBe(200);
    expect((await ask('198.51.100.2')).status).toBe(200);
    expect((await ask('198.51.100.1')).status).toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores forwarded headers: the request’s own origin, no Secure cookie, one address', async () => {
    // The proxy's Host, shop.example, is a name it answers for (else 421, see known-hosts).
    const { visitor } = await behindProxy({
      server: { allowedHosts: ['shop.example'] },
      limits: { challenge: { perAddress: 1, perWallet: 100 } },
    });
    const forwarded = (ip: string, origin = 'http://shop.example') =>
      visitor({ origin, 'x-test-client-ip': ip });

    const https = forwarded('198.51.100.1', PUBLIC);
    const refused = await https.post('/api/auth/challenge', { walletAddress: https.wallet });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Cross-site request refused' } });

    const plain = forwarded('198.51.100.2');
    const { challenge, verified } = await plain.signInReplies();
    expect(challenge.body.message).toContain('\nURI: http://shop.example\n');
    expect(verified.status).toBe(200);
    expect(setCookieOf(verified)).not.toMatch(/secure/i);
    expect(verified.headers.get('strict-transport-security')).toBeNull();

    // Every client is the proxy's address: another person's challenge is over the limit of 1.
    const third = forwarded('198.51.100.3');
    expect((await third.post('/api/auth/challenge', { walletAddress: third.wallet })).status).toBe(
      429,
    );
  });

  it('accepts browser writes from PUBLIC_URL, and names it in the sign-in message', async () => {
    const api = await startApi({ server: { publicUrl: PUBLIC } });
    open.push(api);
    const browser = api.client(undefined, BROWSER);
    const { challenge, verified } = await browser.signInReplies();
    expect(challenge.body.message).toMatch(/^shop\.example wants you/);
    expect(verified.status).toBe(200);
    expect(setCookieOf(verified)).not.toMatch(/secure/i);
  });
});
