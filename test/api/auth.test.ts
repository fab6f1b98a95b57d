import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../support/api';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function challengeFor(client: ReturnType<Api['client']>) {
  const res = await client.post('/api/auth/challenge', { walletAddress: client.wallet });
  expect(res.status).toBe(200);
  return res.body as { message: string; nonce: string; expiresAt: string };
}

describe('wallet sign-in', () => {
  it('issues a Sign-In-With-Solana message with every field and a 5 minute nonce', async () => {
    const client = api.client();
    const { message, nonce, expiresAt } = await challengeFor(client);
    const lines = message.split('\n');
    expect(lines[0]).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Solana account:$/);
    expect(lines[1]).toBe(client.wallet);
    for (const field of ['URI: http://127.0.0.1', 'Version: 1', 'Chain ID: solana:localnet']) {
      expect(message).toContain(field);
    }
    expect(message).toContain(`Nonce: ${nonce}`);
    const issued = Date.parse(/Issued At: (.+)/.exec(message)![1]!);
    expect(Date.parse(expiresAt) - issued).toBe(5 * 60 * 1000);
    expect(message).toContain(`Expiration Time: ${expiresAt}`);
  });

  it('signs in, creates the user with an empty username, and sets an httpOnly SameSite=Lax cookie', async () => {
    const client = api.client();
    const { message } = await challengeFor(client);
    const res = await client.post('/api/auth/verify', {
      walletAddress: client.wallet,
      message,
      signature: client.sign(message),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ walletAddress: client.wallet, username: '' });
    expect(res.body.isAdmin).toBe(false);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const session = await client.get('/api/auth/session');
    expect(session.body).toEqual({
      walletAddress: client.wallet,
      userId: res.body.user.id,
      isAdmin: false,
    });
  });

  it('reports the escrow wallet as admin', async () => {
    const admin = api.admin();
    expect((await admin.signIn()).isAdmin).toBe(true);
  });

  it('refuses a forged signature', async () => {
    const client = api.client();
    const { message } = await challengeFor(client);
    const forger = api.client();
    const res = await client.post('/api/auth/verify', {
      walletAddress: client.wallet,
      message,
      signature: forger.sign(message),
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('The signature does not match this wallet');
    expect((await client.get('/api/auth/session')).status).toBe(401);
  });

  it('refuses a reused nonce', async () => {
    const client = api.client();
    const { message } = await challengeFor(client);
    const body = { walletAddress: client.wallet, message, signature: client.sign(message) };
    expect((await client.post('/api/auth/verify', body)).status).toBe(200);
    const again = await api.client().post('/api/auth/verify', body);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/unknown or was already used/);
  });

  it('refuses an expired nonce', async () => {
    const client = api.client();
    const { message } = await challengeFor(client);
    api.clock.advance(5 * 60 * 1000 + 1);
    try {
      const res = await client.post('/api/auth/verify', {
        walletAddress: client.wallet,
        message,
        signature: client.sign(message),
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/expired/);
    } finally {
      api.clock.advance(-(5 * 60 * 1000 + 1));
    }
  });

  it('refuses a key that is not the address in the message', async () => {
    const victim = api.client();
    const attacker = api.client();
    const { message } = await challengeFor(victim);
    const res = await attacker.post('/api/auth/verify', {
      walletAddress: attacker.wallet,
      message,
      signature: attacker.sign(message),
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/not the one this server issued for this wallet/);
  });

  it('refuses a message altered after it was issued', async () => {
    const client = api.client();
    const { message } = await challengeFor(client);
    const altered = message.replace('Version: 1', 'Version: 2');
    const res = await client.post('/api/auth/verify', {
      walletAddress: client.wallet,
      message: altered,
      signature: client.sign(altered),
    });
    expect(res.status).toBe(401);
  });

  it('rejects an address that is not base58', async () => {
    const res = await api.client().post('/api/auth/challenge', { walletAddress: 'not-a-wallet' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('walletAddress must be a base58 Solana address');
  });

  it('revokes the session on logout', async () => {
    const client = api.client();
    await client.signIn();
    const cookie = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    client.cookie = cookie;
    expect((await client.get('/api/auth/session')).status).toBe(401);
  });

  it('refuses a write whose Origin is another site, and accepts its own', async () => {
    const client = api.client(Keypair.generate());
    await client.signIn();
    const body = { walletAddress: client.wallet, username: 'x' };
    const foreign = await client.call('POST', '/api/users', body, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Cross-site request refused');
    const own = await client.call('POST', '/api/users', body, { origin: api.url });
    expect(own.status).toBe(409);
  });
});
