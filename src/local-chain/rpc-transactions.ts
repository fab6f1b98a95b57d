import bs58 from 'bs58';
import type { Faucet } from './faucet';
import type { Ledger } from './ledger';
import { invalidParams } from './rpc-error';
import { address, atLeastConfirmed, config, contextual, u64, type Handler } from './rpc-params';
import { checkVersion, encodeTransaction, memoColumn, txEncoding } from './tx-encode';
import type { TxRecord } from './tx-store';
import { reaches, signatureStatus } from './views';

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

/** Sending, simulating and looking up transactions. */
export function transactionMethods(ledger: Ledger, faucet: Faucet): Record<string, Handler> {
  const { clock } = ledger;
  const ctx = contextual(clock);
  /** A node's history (getTransaction, getSignaturesForAddress) lags behind its statuses. */
  const inHistory = (r: TxRecord, level: string) =>
    reaches(r, clock, level) &&
    clock.slot - r.slot >= clock.profile.confirmSlots[1] + clock.profile.txLagSlots;

  return {
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
      return ctx(
        {
          err: sim.err,
          logs: sim.logs,
          accounts: null,
          unitsConsumed: sim.unitsConsumed,
          returnData: null,
          innerInstructions: null,
          replacementBlockhash: replace ? clock.latestBlockhash('processed') : null,
        },
        cfg,
      );
    },
    getSignatureStatuses: (p) => {
      if (!Array.isArray(p[0]))
        throw invalidParams('Invalid params: expected an array of signatures');
      if (p[0].length > 256) throw invalidParams('Too many inputs provided; max 256');
      return ctx(
        p[0].map((sig) => {
          const record = ledger.store.get(String(sig));
          return record ? signatureStatus(record, clock) : null;
        }),
        { commitment: 'processed' },
      );
    },
    getTransaction: (p) => {
      const cfg = typeof p[1] === 'string' ? { encoding: p[1] } : config(p, 1);
      const level = atLeastConfirmed(cfg);
      const encoding = txEncoding(cfg.encoding);
      const record = ledger.store.get(String(p[0]));
      if (!record || !inHistory(record, level)) return null;
      const encoded = encodeTransaction(record, encoding);
      checkVersion(encoded, cfg.maxSupportedTransactionVersion);
      return encoded;
    },
    getSignaturesForAddress: (p) => {
      const cfg = config(p, 1);
      const level = atLeastConfirmed(cfg);
      const limit = cfg.limit === undefined ? 1000 : Number(cfg.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        throw invalidParams('Invalid limit; max 1000');
      }
      const records = ledger.store.forAddress(address(p[0]), {
        limit,
        before: cfg.before as string | undefined,
        until: cfg.until as string | undefined,
        visible: (r) => inHistory(r, level),
      });
      return records.map((r) => ({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: memoColumn(r),
        blockTime: r.blockTime,
        confirmationStatus: signatureStatus(r, clock).confirmationStatus,
      }));
    },
  };
}
