import { delay, http, HttpResponse } from 'msw';
import { Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { RPC_URL } from './fixtures';

/** What the fake JSON-RPC node saw and how it should answer. */
export interface ChainState {
  sent: Transaction[];
  /** Status per signature; sent signatures default to confirmed. */
  statuses: Map<string, { err: unknown; confirmationStatus: string } | null>;
  blockHeight: number;
  failSend: string | null;
  /** Holds sendTransaction this long, so a test can see the in-flight state. */
  sendDelayMs: number;
  /** What getBalance answers for any wallet, in lamports. */
  balance: number;
  /** What getRecentPrioritizationFees answers: micro-lamports per unit, one a slot. */
  recentFees: number[];
  /** The chain's unix time (getBlockTime); null: the node does not tell (the app uses its own). */
  blockTime: number | null;
  /** Like a real cluster: no localchain_time, only block times. */
  noLocalTime: boolean;
  /** The next this many sends are accepted and silently dropped, as a congested leader does. */
  dropSends: number;
  /** Addresses getAccountInfo finds (as SPL Token accounts); every other one is absent. */
  accounts: Set<string>;
}

export const newChainState = (): ChainState => ({
  sent: [],
  statuses: new Map(),
  blockHeight: 100,
  failSend: null,
  sendDelayMs: 0,
  balance: 1_000_000_000_000,
  recentFees: [],
  blockTime: null,
  noLocalTime: false,
  dropSends: 0,
  accounts: new Set(),
});

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k';

/** A minimal Solana JSON-RPC node over HTTP: blockhash, send, statuses, block height, balance, fee. */
export function chainHandlers(state: () => ChainState) {
  return [
    // the page and the node are different origins: answer the browser's CORS preflight
    http.options(RPC_URL, () => new HttpResponse(null, { status: 204, headers: CORS })),
    http.post(RPC_URL, async ({ request }) => {
      const call = (await request.json()) as { id: string; method: string; params: unknown[] };
      const reply = (result: unknown) =>
        HttpResponse.json({ jsonrpc: '2.0', id: call.id, result }, { headers: CORS });
      const chain = state();
      switch (call.method) {
        case 'getLatestBlockhash':
          // A new blockhash once the chain has moved on (a test raises blockHeight), as a
          // node's does; valid for 150 blocks.
          return reply({
            context: { slot: 1 },
            value: {
              blockhash:
                chain.blockHeight === 100
                  ? BLOCKHASH
                  : bs58.encode(Buffer.alloc(32, chain.blockHeight % 256)),
              lastValidBlockHeight: chain.blockHeight + 150,
            },
          });
        case 'sendTransaction': {
          if (chain.sendDelayMs) await delay(chain.sendDelayMs);
          if (chain.failSend) {
            return HttpResponse.json(
              {
                jsonrpc: '2.0',
                id: call.id,
                error: { code: -32002, message: chain.failSend },
              },
              { headers: CORS },
            );
          }
          const tx = Transaction.from(Buffer.from(call.params[0] as string, 'base64'));
          chain.sent.push(tx);
          const signature = bs58.encode(tx.signature!);
          if (chain.dropSends > 0) {
            chain.dropSends -= 1;
            return reply(signature);
          }
          if (!chain.statuses.has(signature)) {
            chain.statuses.set(signature, { err: null, confirmationStatus: 'confirmed' });
          }
          return reply(signature);
        }
        case 'getSignatureStatuses': {
          const [signatures] = call.params as [string[]];
          return reply({
            context: { slot: 2 },
            value: signatures.map((s) => {
              const status = chain.statuses.get(s);
              return status ? { slot: 2, confirmations: 1, ...status } : null;
            }),
          });
        }
        case 'getBlockHeight':
          return reply(chain.blockHeight);
        case 'getBalance':
          return reply({ context: { slot: 2 }, value: chain.balance });
        case 'getRecentPrioritizationFees':
          return reply(
            chain.recentFees.map((prioritizationFee, slot) => ({ slot, prioritizationFee })),
          );
        case 'getAccountInfo': {
          const found = chain.accounts.has((call.params as [string])[0]);
          return reply({
            context: { slot: 2 },
            value: found
              ? {
                  data: ['', 'base64'],
                  executable: false,
                  lamports: 3_361_680,
                  owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
                  rentEpoch: 0,
                  space: 355,
                }
              : null,
          });
        }
        case 'getMinimumBalanceForRentExemption':
          // Mainnet's rent: 3,480 lamports a byte-year, two years, a 128-byte header.
          return reply((128 + (call.params as [number])[0]) * 6960);
        case 'getFeeForMessage':
          return reply({ context: { slot: 2 }, value: 5000 });
        case 'localchain_time':
          if (chain.blockTime === null || chain.noLocalTime) break;
          return reply({ unixTimestamp: chain.blockTime, offsetSeconds: 0, slot: 2 });
        case 'getSlot':
          if (chain.blockTime === null) break;
          return reply(chain.blockHeight);
        case 'getBlockTime':
          if (chain.blockTime === null) break;
          return reply(chain.blockTime);
      }
      return HttpResponse.json({
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32601, message: `no ${call.method}` },
      });
    }),
  ];
}
