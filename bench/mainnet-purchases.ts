/**
 * Purchases on a bad mainnet day: the product as `make start` composes it (PGlite, the embedded
 * local chain on LOCAL_CHAIN_PROFILE=mainnet with its default knobs: 400 ms slots, 10 % of sends
 * dropped, history 2 slots behind, blockhashes for 150 slots, 100 requests per 10 s per client),
 * and buyers running the web app's own purchase code (payIntoEscrow's sendSolTransfer through a
 * wallet adapter, then POST /api/orders) with web3.js's Connection as the browser has it.
 *
 * Prints how many purchases had a send dropped and recovered (re-sent, or signed again after an
 * expiry), whether any buyer paid twice, and the time from click to order recorded.
 *
 *   node --import tsx bench/mainnet-purchases.ts        (or: make bench-mainnet)
 *
 * BENCH_MAINNET_PURCHASES (default 100) and BENCH_MAINNET_BUYERS (buyers clicking at once,
 * default 2) change the run; any LOCAL_CHAIN_* variable changes the chain's knobs.
 */
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startMarketplace } from '@src/composition';
import { loadConfig } from '@src/config';
import { solToLamports } from '@src/domain/money';
import type { LandingStep } from '@web/lib/solana/land-transaction';
import { sendSolTransfer } from '@web/lib/solana/send-transfer';
import { Client } from '../test/support/api';
import { orderBody } from '../test/support/fixtures';
import { FakeWalletAdapter } from '../test/web/fake-wallet';

const PURCHASES = Number(process.env.BENCH_MAINNET_PURCHASES ?? 100);
const BUYERS = Number(process.env.BENCH_MAINNET_BUYERS ?? 2);
const PRICE = '0.01';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

// web3.js says each 429 it retries on the console; counted here instead of printed.
let retried429 = 0;
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('Server responded with 429')) {
    retried429 += 1;
    return;
  }
  consoleError(...args);
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-mainnet-'));
const market = await startMarketplace(
  loadConfig({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOCAL_CHAIN_PORT: '0',
    LOCAL_CHAIN_PROFILE: process.env.LOCAL_CHAIN_PROFILE || 'mainnet',
    SEED: '0',
    LOG_LEVEL: 'silent',
    // The product's own abuse limits would refuse one wallet's hundred orders; they are not
    // what is measured here.
    RATE_LIMITS: 'off',
  }),
);
const connection = new Connection(market.rpcUrl, 'confirmed');
try {
  const profile = market.localChain!.profile;
  console.log(
    `Local chain profile ${profile.name}: ${profile.slotMs} ms slots, ${profile.dropRate * 100} % of sends dropped, ` +
      `confirmed after ${profile.confirmSlots.join('-')} slots, history ${profile.txLagSlots} slots later, ` +
      `blockhashes for ${profile.blockhashSlots} slots, ${profile.rateLimit.requests} requests ` +
      `(${profile.rateLimit.perMethod} per method) per ${profile.rateLimit.windowMs / 1000} s per client`,
  );
  const seller = new Client(market.url);
  await seller.signIn();
  const made = await seller.post('/api/products', {
    name: 'Bench ticket',
    description: 'A ticket for the benchmark',
    price: PRICE,
    category: 'digital-goods',
    condition: 'new',
    quantity: PURCHASES,
    sellerId: seller.user!.id,
    imageUrl: null,
  });
  const product = made.body as { id: number; price: string; sellerId: number };
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const keypair = Keypair.generate();
      const buyer = new Client(market.url, keypair);
      await buyer.signIn();
      await market.localChain!.airdrop(buyer.wallet, solToLamports('10'));
      const wallet = new FakeWalletAdapter(keypair);
      await wallet.connect();
      return { buyer, wallet };
    }),
  );
  const escrowBefore = BigInt(await connection.getBalance(new PublicKey(market.escrowWallet)));

  const latencies: number[] = [];
  let resent = 0;
  let resigned = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async ({ buyer, wallet }) => {
      while (next < PURCHASES) {
        next += 1;
        const steps = new Set<LandingStep>();
        const clicked = performance.now();
        try {
          const signature = await sendSolTransfer({
            adapter: wallet,
            connection,
            from: buyer.wallet,
            to: market.escrowWallet,
            lamports: solToLamports(PRICE),
            reference: Keypair.generate().publicKey.toBase58(),
            onStep: (step) => steps.add(step),
          });
          const res = await buyer.post(
            '/api/orders',
            orderBody(buyer.user!.id, product, signature),
          );
          if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
          latencies.push(performance.now() - clicked);
          if (steps.has('expired')) resigned += 1;
          else if (steps.has('resending')) resent += 1;
        } catch (error) {
          failed += 1;
          consoleError('purchase failed:', (error as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const escrowAfter = BigInt(await connection.getBalance(new PublicKey(market.escrowWallet)));
  const paid = (escrowAfter - escrowBefore) / solToLamports(PRICE);
  latencies.sort((a, b) => a - b);
  console.log(
    `${PURCHASES} purchases by ${BUYERS} buyers at once in ${seconds.toFixed(0)} s: ` +
      `${latencies.length} recorded, ${failed} failed`,
  );
  console.log(
    `Dropped and recovered: ${resent + resigned} (${resent} re-sent with the same signature, ` +
      `${resigned} signed again after their blockhash expired unseen)`,
  );
  console.log(
    `Escrow received ${paid} payments for ${latencies.length} orders ` +
      `(${paid === BigInt(latencies.length) ? 'no buyer paid twice' : 'MISMATCH'}); ` +
      `429s retried by the buyers' web3.js: ${retried429}`,
  );
  if (latencies.length) {
    console.log(
      `Click -> order recorded: median ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
        `p95 ${percentile(latencies, 0.95).toFixed(0)} ms`,
    );
  }
} finally {
  (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close();
  await market.close();
  await rm(dataDir, { recursive: true, force: true });
}
