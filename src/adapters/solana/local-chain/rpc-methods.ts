import { PublicKey, VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Faucet } from './faucet';
import { feeForMessage } from './fees';
import type { Ledger } from './ledger';
import { invalidParams, RpcError, UNSUPPORTED_TRANSACTION_VERSION } from './rpc-error';
import { encodeTransaction, memoColumn, type TxEncoding } from './tx-encode';
import type { TxRecord } from './tx-store';
import { accountView, signatureStatus } from './views';

export const API_VERSION = '2.2.0';
const SLOTS_PER_EPOCH = 432_000;

type Params = unknown[];
type Config = Record<string, unknown>;
export type Handler = (params: Params) => unknown;

const config = (params: Params, at: number): Config => (params[at] ?? {}) as Config;

function address(value: unknown): string {
  try {
    if (typeof value !== 'string') throw new Error();
    return new PublicKey(value).toBase58();
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
}

function u64(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid param: ${name} must be a non-negative integer`);
  }
  return BigInt(value);
}

function decodeWire(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: expected a string');
  try {
    return encoding === 'base64' ? Buffer.from(value, 'base64') : bs58.decode(value);
  } catch {
    throw invalidParams(
      `invalid transaction: failed to decode ${String(encoding ?? 'base58')} string`,
    );
  }
}

/** The JSON-RPC methods of a node, answered from the ledger. */
export function rpcMethods(ledger: Ledger, faucet: Faucet): Record<string, Handler> {
  const ctx = (value: unknown) => ({
    context: { apiVersion: API_VERSION, slot: ledger.slot },
    value,
  });
  const status = (r: TxRecord) => signatureStatus(r, ledger.slot);
  const account = (key: string, cfg: Config) => accountView(ledger, key, cfg.encoding);

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 3294202862 }),
    getGenesisHash: () => ledger.genesisHash,
    getSlot: () => ledger.slot,
    getBlockHeight: () => ledger.slot,
    getTransactionCount: () => ledger.store.size,
    getFirstAvailableBlock: () => 0,
    getRecentPrioritizationFees: () => [],
    getEpochInfo: () => ({
      absoluteSlot: ledger.slot,
      blockHeight: ledger.slot,
      epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH),
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.store.size,
    }),
    getLatestBlockhash: () => ctx(ledger.latestBlockhash()),
    isBlockhashValid: (p) => ctx(ledger.isBlockhashValid(String(p[0]))),
    getBalance: (p) => ctx(ledger.balance(address(p[0]))),
    getAccountInfo: (p) => ctx(account(address(p[0]), config(p, 1))),
    getMultipleAccounts: (p) => {
      if (!Array.isArray(p[0]))
        throw invalidParams('Invalid params: expected an array of addresses');
      return ctx(p[0].map((key) => account(address(key), config(p, 1))));
    },
    getMinimumBalanceForRentExemption: (p) =>
      ledger.svm.minimumBalanceForRentExemption(u64(p[0] ?? 0, 'data length')),
    getFeeForMessage: (p) => {
      let message: VersionedMessage;
      try {
        message = VersionedMessage.deserialize(Buffer.from(String(p[0]), 'base64'));
      } catch {
        throw invalidParams('invalid message: failed to deserialize');
      }
      return ctx(ledger.isBlockhashValid(message.recentBlockhash) ? feeForMessage(message) : null);
    },
    requestAirdrop: (p) => faucet.airdrop(address(p[0]), u64(p[1], 'lamports')),
    sendTransaction: (p) => {
      const cfg = config(p, 1);
      return ledger.send(decodeWire(p[0], cfg.encoding), {
        skipPreflight: cfg.skipPreflight === true,
      });
    },
    simulateTransaction: (p) => {
      const cfg = config(p, 1);
      const tx = ledger.decode(decodeWire(p[0], cfg.encoding));
      const replace = cfg.replaceRecentBlockhash === true;
      const sim = ledger.simulate(tx, {
        sigVerify: cfg.sigVerify === true,
        replaceBlockhash: replace,
      });
      return ctx({
        err: sim.err,
        logs: sim.logs,
        accounts: null,
        unitsConsumed: sim.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: replace ? ledger.latestBlockhash() : null,
      });
    },
    getSignatureStatuses: (p) => {
      if (!Array.isArray(p[0]))
        throw invalidParams('Invalid params: expected an array of signatures');
      if (p[0].length > 256) throw invalidParams('Too many inputs provided; max 256');
      return ctx(
        p[0].map((sig) => {
          const record = ledger.store.get(String(sig));
          return record ? status(record) : null;
        }),
      );
    },
    getTransaction: (p) => {
      const cfg = typeof p[1] === 'string' ? { encoding: p[1] } : config(p, 1);
      if (cfg.commitment === 'processed') {
        throw invalidParams('Method does not support commitment below `confirmed`');
      }
      const record = ledger.store.get(String(p[0]));
      if (!record) return null;
      const encoded = encodeTransaction(record, (cfg.encoding ?? 'json') as TxEncoding);
      if (encoded.version === 0 && cfg.maxSupportedTransactionVersion === undefined) {
        throw new RpcError(
          UNSUPPORTED_TRANSACTION_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      if (encoded.version === 'legacy' && cfg.maxSupportedTransactionVersion === undefined) {
        delete encoded.version;
      }
      return encoded;
    },
    getSignaturesForAddress: (p) => {
      const cfg = config(p, 1);
      const limit = cfg.limit === undefined ? 1000 : Number(cfg.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        throw invalidParams('Invalid limit; max 1000');
      }
      const records = ledger.store.forAddress(address(p[0]), {
        limit,
        before: cfg.before as string | undefined,
        until: cfg.until as string | undefined,
      });
      return records.map((r) => ({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: memoColumn(r),
        blockTime: r.blockTime,
        confirmationStatus: status(r).confirmationStatus,
      }));
    },
  };
}
