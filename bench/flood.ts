import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { Client } from '../test/support/api';
import { orderBody } from '../test/support/fixtures';

/** The sum of `solana_rpc_calls_total` on the server's /metrics. */
async function chainCalls(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^solana_rpc_calls_total\{[^}]*\} (\d+)/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

/**
 * A flood of order posts with random signatures (ones the chain has never seen) from signed-in
 * wallets at once: how long the slowest answer took and how many chain calls the server made
 * per post (read from its own /metrics).
 */
export async function benchFlood(
  market: { url: string },
  opts: { wallets: number; postsEach: number },
) {
  const seller = new Client(market.url);
  await seller.signIn();
  const made = await seller.post('/api/products', {
    name: 'Flood target',
    description: 'A listing the flood of random signatures aims at',
    price: '0.01',
    category: 'digital-goods',
    condition: 'new',
    quantity: 1,
    sellerId: seller.user!.id,
    imageUrl: null,
  });
  const buyers = Array.from({ length: opts.wallets }, () => new Client(market.url));
  await Promise.all(buyers.map((b) => b.signIn()));
  const before = await chainCalls(market.url);
  const post = async (buyer: Client) => {
    const started = performance.now();
    const signature = bs58.encode(Keypair.generate().secretKey);
    const res = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
    return { status: res.status, ms: performance.now() - started };
  };
  const results = await Promise.all(
    buyers.flatMap((b) => Array.from({ length: opts.postsEach }, () => post(b))),
  );
  const calls = (await chainCalls(market.url)) - before;
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    posts: results.length,
    refusedNotFound: results.filter((r) => r.status === 400).length,
    refusedBusy: results.filter((r) => r.status === 429).length,
    slowestMs: sorted[sorted.length - 1]!,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    callsPerPost: calls / results.length,
  };
}
