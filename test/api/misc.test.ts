import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, type Client } from '../support/api';
import { listing } from '../support/fixtures';

let api: Api;
let user: Client;
beforeAll(async () => {
  api = await startApi();
  user = api.client();
  await user.signIn();
});
afterAll(() => api.close());

describe('public reads', () => {
  it('serves config, health, the escrow wallet and the admin check', async () => {
    const escrow = api.escrow.publicKey.toBase58();
    expect((await user.get('/api/config')).body).toEqual({
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      escrowWallet: escrow,
    });
    expect((await user.get('/api/health')).body).toEqual({ ok: true });
    expect((await user.get('/api/escrow/wallet')).body).toEqual({ walletAddress: escrow });
    expect((await user.get(`/api/admin/check/${escrow}`)).body).toEqual({ isAdmin: true });
    expect((await user.get(`/api/admin/check/${user.wallet}`)).body).toEqual({ isAdmin: false });
  });

  it('finds users by wallet and id, 404 otherwise', async () => {
    const byWallet = await user.get(`/api/users/wallet/${user.wallet}`);
    expect(byWallet.body).toMatchObject({
      id: user.user!.id,
      walletAddress: user.wallet,
      username: '',
    });
    expect((await user.get(`/api/users/${user.user!.id}`)).body.walletAddress).toBe(user.wallet);
    const missing = await user.get(`/api/users/wallet/${api.client().wallet}`);
    expect(missing).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect((await user.get('/api/users/abc')).status).toBe(400);
    expect((await user.get('/api/products/999999')).body).toEqual({ error: 'Product not found' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await user.get('/api/nothing-here');
    expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });

  it('answers the paths as the contract writes them: another case or a trailing slash is a 404', async () => {
    // Rate limits, caching and body parsing are keyed by these paths: no other spelling runs.
    const body = listing({ sellerId: user.user!.id });
    for (const path of ['/API/products', '/api/Products', '/api/products/']) {
      expect(await user.post(path, body)).toMatchObject({
        status: 404,
        body: { error: 'Not found' },
      });
    }
    expect(await user.post('/api/auth/challenge/', { walletAddress: user.wallet })).toMatchObject({
      status: 404,
    });
    expect((await user.get('/api/health/live/')).status).toBe(404);
    expect((await user.get('/api/health/live')).status).toBe(200);
  });

  it('answers a method a path does not take with JSON, naming the ones it does', async () => {
    const patch = await user.call('PATCH', '/api/products/1', {});
    expect(patch).toMatchObject({ status: 405 });
    expect(patch.body.error).toMatch(/^Method not allowed; this path takes .*GET/);
    expect(patch.headers.get('allow')).toContain('GET');
    expect(await user.call('PROPFIND', '/api/products')).toMatchObject({
      status: 501,
      body: { error: 'Method PROPFIND is not supported' },
    });
  });

  it('answers headers too large with JSON (node refuses them before the app sees them)', async () => {
    const res = await fetch(`${api.url}/api/products?search=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: 'Request headers are too large' });
  });

  it('creates a user only for the signed-in wallet', async () => {
    const fresh = api.client();
    expect(
      (await fresh.post('/api/users', { walletAddress: fresh.wallet, username: 'x' })).status,
    ).toBe(401);
    const res = await user.post('/api/users', { walletAddress: fresh.wallet, username: 'x' });
    expect(res.status).toBe(400);
  });

  it('refuses a username with control characters or a direction override', async () => {
    for (const username of ['ann\u001b[2J', 'ann\u202enimda']) {
      const res = await user.post('/api/users', { walletAddress: user.wallet, username });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'username cannot contain control characters or text-direction overrides',
      });
    }
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400', async () => {
    const res = await user.call('POST', '/api/products', '{"name": ', {
      'content-type': 'application/json',
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'Request body is not valid JSON' } });
  });

  it('answers a compressed body that does not inflate with a 400, not a failure of ours', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await api.client().call('POST', '/api/auth/challenge', 'not compressed at all', {
        'content-type': 'application/json',
        'content-encoding': encoding,
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Request body could not be decompressed (Content-Encoding)' },
      });
    }
  });

  it('answers a JSON array or wrong types with a 400', async () => {
    expect((await user.call('POST', '/api/orders', '[1,2]')).status).toBe(400);
    const res = await user.post(
      '/api/products',
      listing({ sellerId: user.user!.id, quantity: '3' }),
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'Quantity must be at least 1' } });
    const flags = await user.post(
      '/api/products',
      listing({ sellerId: user.user!.id, requiresEmail: 'yes' }),
    );
    expect(flags.status).toBe(400);
  });

  it('answers a huge body with a 413', async () => {
    const huge = JSON.stringify({ walletAddress: 'x'.repeat(200_000) });
    const res = await user.call('POST', '/api/auth/challenge', huge);
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
    const images = JSON.stringify(listing({ imageUrl: 'x'.repeat(75 * 1024 * 1024) }));
    expect((await user.call('POST', '/api/products', images)).status).toBe(413);
  });

  it.each([
    '..%2f..%2fpackage.json',
    '..%252fetc%252fpasswd',
    'img-../../x.png',
    '%00',
    'package.json',
  ])('never serves %s from outside the upload folder', async (name) => {
    const res = await fetch(`${api.url}/uploads/${name}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'File not found' });
  });

  it('never leaks a stack trace or SQL', async () => {
    const res = await user.get('/api/products?limit=abc');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/select|at .*\.ts|Error:/i);
  });
});
