import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startApi, type ApiOptions } from '../support/api';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const api of open.splice(0)) await api.close();
});

async function api(server: ApiOptions['server'] = {}) {
  const started = await startApi({ server });
  open.push(started);
  return started;
}

/** A request with the Host header given (fetch will not send one of its own choosing). */
function ask(url: string, host: string, path: string, method = 'GET', body?: object) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
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
