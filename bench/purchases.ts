import { Keypair } from '@solana/web3.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from '@src/adapters/solana/connection';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startMarketplace, type Marketplace } from '@src/composition';
import { loadConfig } from '@src/config';
import { solToLamports } from '@src/domain/money';
import { Client } from '../test/support/api';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The product as `make start` composes it (PGlite, local chain, the built SPA) in a temp folder. */
export async function startBenchMarket() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-'));
  const market = await startMarketplace(
    loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      LOCAL_CHAIN_PORT: '0',
      SEED: '0',
      LOG_LEVEL: 'silent',
    }),
  );
  return {
    market,
    async close() {
      await market.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Verified purchases per second through the real HTTP API on the local chain (the product as
 * `make start` composes it, on PGlite), and the latency from "signed" to "order recorded".
 */
export async function benchPurchases(
  market: Marketplace,
  opts: { purchases: number; concurrency: number },
) {
  const connection = createConnection(market.rpcUrl);
  try {
    const seller = new Client(market.url);
    await seller.signIn();
    const made = await seller.post('/api/products', {
      name: 'Bench ticket',
      description: 'A ticket for the benchmark',
      price: '0.01',
      category: 'digital-goods',
      condition: 'new',
      quantity: opts.purchases,
      sellerId: seller.user!.id,
      imageUrl: null,
    });
    const product = made.body as { id: number; price: string; sellerId: number };
    const buyers = await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        const buyer = new Client(market.url, Keypair.generate());
        await buyer.signIn();
        await market.localChain!.airdrop(buyer.wallet, solToLamports('10'));
        return buyer;
      }),
    );
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      buyers.map(async (buyer) => {
        while (next < opts.purchases) {
          next += 1;
          const tx = await buildTransfer(
            connection,
            buyer.keypair,
            market.escrowWallet,
            solToLamports(product.price),
            { reference: Keypair.generate().publicKey },
          );
          const signed = performance.now();
          const signature = await sendAndConfirm(connection, tx);
          const res = await buyer.post('/api/orders', {
            productId: product.id,
            buyerId: buyer.user!.id,
            sellerId: product.sellerId,
            price: product.price,
            status: 'escrow_held',
            escrowTransactionHash: signature,
          });
          if (res.status !== 201)
            throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
          latencies.push(performance.now() - signed);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      purchases: latencies.length,
      perSecond: latencies.length / seconds,
      medianMs: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
    };
  } finally {
    // web3.js keeps reconnecting its WebSocket unless it is closed first.
    (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close();
  }
}
