import { request } from 'node:http';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startApi, type ApiOptions } from '../support/api';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const api of open.splice(0)) await api.close();
});

async function api(server: ApiOptions['server'] = {}, listenHost?: string) {
  const started = await startApi({ server, listenHost });
  open.push(started);
  return started;
}

/**
 * A request with the Host header given (fetch will not send one of its own choosing), sent to
 * 127.0.0.1 or to the address `to`.
 */
function ask(
  url: string,
  host: string,
  path: string,
  method = 'GET',
  body?: object,
  to = '127.0.0.1',
) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: to,
        port,
        path,
        method,
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const WALLET = '11111111111111111111111111111111';

describe('the hosts the server answers for', () => {
  it('answers localhost, its loopback and any IP address, and refuses another name with 421', async () => {
    const a = await api();
    const { port } = new URL(a.url);
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      '192.168.1.5',
      'app.localhost',
    ]) {
      expect((await ask(a.url, host, '/api/products')).status, host).toBe(200);
    }
    const rebound = await ask(a.url, `attacker.example:${port}`, '/api/products');
    expect(rebound).toEqual({
      status: 421,
      body: {
        error:
          'This server does not answer for attacker.example: set PUBLIC_URL or ALLOWED_HOSTS to the name people use',
      },
    });
    // No sign-in message naming a phishing site's domain.
    const challenge = await ask(a.url, 'shop-login.example', '/api/auth/challenge', 'POST', {
      walletAddress: WALLET,
    });
    expect(challenge.status).toBe(421);
    // Probes reach health by any name.
    expect((await ask(a.url, 'pod-7.internal', '/api/health/live')).status).toBe(200);
  });

  it('answers PUBLIC_URL’s host and ALLOWED_HOSTS', async () => {
    const a = await api({ publicUrl: 'https://shop.example', allowedHosts: ['www.shop.example'] });
    for (const host of ['shop.example', 'SHOP.example', 'www.shop.example', 'shop.example.']) {
      expect((await ask(a.url, host, '/api/products')).status, host).toBe(200);
    }
    const challenge = await ask(a.url, 'shop.example', '/api/auth/challenge', 'POST', {
      walletAddress: WALLET,
    });
    expect(challenge.body.message).toMatch(/^shop\.example wants you to sign in/);
    expect((await ask(a.url, 'evil.shop.example.com', '/api/products')).status).toBe(421);
  });
});

/** This machine's first IPv4 address that is not loopback, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

describe('the sign-in message', () => {
  const challenge = (url: string, host: string, to?: string) =>
    ask(url, host, '/api/auth/challenge', 'POST', { walletAddress: WALLET }, to);

  it('names this machine by its loopback address or localhost, and no other machine’s address', async () => {
    const a = await api();
    const { port } = new URL(a.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'app.localhost']) {
      const answer = await challenge(a.url, host);
      expect(answer.status, host).toBe(200);
      expect(answer.body.message.startsWith(`${host} wants you to sign in`), host).toBe(true);
    }
    // A phishing page at 203.0.113.5 asks for a message naming its own address: its visitor's
    // wallet would find the domain matching, so none is given.
    const phish = await challenge(a.url, '203.0.113.5');
    expect(phish).toEqual({
      status: 421,
      body: {
        error:
          "Sign-in is offered only at this server's own name or address, not at 203.0.113.5: set PUBLIC_URL to the address people use",
      },
    });
    // The rest of the API still answers any IP address (probes, a browser on the LAN address).
    expect((await ask(a.url, '203.0.113.5', '/api/products')).status).toBe(200);
  });

  it.skipIf(!lanAddress)('names the address a visitor reached this server by', async () => {
    const a = await api({}, '0.0.0.0');
    const { port } = new URL(a.url);
    const own = await challenge(a.url, `${lanAddress}:${port}`, lanAddress);
    expect(own.status).toBe(200);
    expect(own.body.message.startsWith(`${lanAddress}:${port} wants you to sign in`)).toBe(true);
    expect((await challenge(a.url, '203.0.113.5', lanAddress)).status).toBe(421);
  });

  it('with ALLOWED_HOSTS and no PUBLIC_URL names only those names and this machine', async () => {
    const a = await api({ allowedHosts: ['shop.example'] });
    const named = await challenge(a.url, 'shop.example');
    expect(named.status).toBe(200);
    expect(named.body.message).toMatch(/^shop\.example wants you to sign in/);
    expect((await challenge(a.url, '198.51.100.20')).status).toBe(421);
  });

  it('with PUBLIC_URL names it, whatever address it was asked by', async () => {
    const a = await api({ publicUrl: 'https://shop.example' });
    const answer = await challenge(a.url, '198.51.100.20');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^shop\.example wants you to sign in/);
  });
});

describe('the demo wallets', () => {
  it('are handed to this machine only, not to a visitor from elsewhere', async () => {
    const wallet = {
      label: 'Demo Buyer',
      role: 'buyer' as const,
      publicKey: WALLET,
      secretKey: Array.from({ length: 64 }, () => 1),
    };
    const a = await api({ devWallets: async () => [wallet], trustProxy: 1 });
    const here = await fetch(`${a.url}/api/dev/wallets`);
    expect(here.status).toBe(200);
    const far = await fetch(`${a.url}/api/dev/wallets`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(far.status).toBe(404);
    expect(await far.json()).toEqual({ error: 'Dev wallets are offered only on this machine' });
  });

  it('are handed to nobody through a proxy the server was not told to trust', async () => {
    const a = await api({ devWallets: async () => [], trustProxy: 0 });
    expect((await fetch(`${a.url}/api/dev/wallets`)).status).toBe(200);
    const proxied = await fetch(`${a.url}/api/dev/wallets`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(proxied.status).toBe(404);
  });
});
