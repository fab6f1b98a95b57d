import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgKnex } from '@src/adapters/db/knex-factory';
import { createStore } from '@src/adapters/db/knex-store';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api } from '../support/api';
import { startTestChain, type TestChain } from '../support/chain';
import { listing, orderBody } from '../support/fixtures';

const open: { close?(): Promise<void>; stop?(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await (thing.close ?? thing.stop)!.call(thing);
});

// Up for the whole file: web3.js may still ask it about a confirmed transfer after a test.
let tc: TestChain;
beforeAll(async () => {
  tc = await startTestChain();
});
afterAll(() => tc.stop());

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listed(api: Api) {
  const seller = api.client();
  await seller.signIn();
  const res = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
  return res.body as { id: number; price: string; sellerId: number };
}

describe('a dependency that is down', () => {
  it('answers 503 when the chain rate limits every retry, and takes the same payment later', async () => {
    const rpc = createRpcClient({ url: tc.chain.rpcUrl, sleep: async () => undefined });
    const api = await startApi({ chain: new SolanaChain({ rpc }) });
    open.push(api);
    const product = await listed(api);
    const buyer = api.client();
    await buyer.signIn();
    await tc.fund(buyer.keypair, 5);
    const signature = await sendAndConfirm(
      tc.connection,
      await buildTransfer(
        tc.connection,
        buyer.keypair,
        api.escrow.publicKey,
        solToLamports(product.price),
      ),
    );

    tc.chain.failNext(1000, 429);
    const refused = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, signature));
    tc.chain.failNext(0);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body.error).toMatch(
      /^The Solana node is rate limiting the marketplace right now; nothing was recorded/,
    );

    const later = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, signature));
    expect(later).toMatchObject({ status: 201, body: { escrowTransactionHash: signature } });
  });

  it('answers 503 when the chain cannot be reached', async () => {
    const rpc = createRpcClient({ url: `http://127.0.0.1:${await closedPort()}` });
    const api = await startApi({ chain: new SolanaChain({ rpc }) });
    open.push(api);
    const product = await listed(api);
    const buyer = api.client();
    await buyer.signIn();
    const res = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, '5'.repeat(88)));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body.error).toMatch(/^The Solana node cannot be reached/);
  });

  it('answers 503 when the database does not answer, while liveness still says the process runs', async () => {
    const down = createPgKnex(`postgres://postgres@127.0.0.1:${await closedPort()}/gone`);
    const store = createStore(down);
    const api = await startApi({
      store,
      server: { readiness: { database: () => store.ping() } },
    });
    open.push(api, { close: () => down.destroy() });
    const visitor = api.client();
    for (const reply of [
      await visitor.get('/api/products'),
      await visitor.post('/api/auth/challenge', { walletAddress: visitor.wallet }),
    ]) {
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('5');
      expect(reply.body).toEqual({
        error: 'The database is not answering; please try again in a few seconds',
      });
    }
    const health = await visitor.get('/api/health');
    expect(health).toMatchObject({
      status: 503,
      body: { error: 'The database is not answering' },
    });
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await visitor.get('/api/health/live')).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await visitor.get('/api/health/ready')).toMatchObject({
      status: 503,
      body: { error: 'Not ready: database not answering', checks: { database: 'down' } },
    });
  });
});
