import type { Ledger } from './ledger';
import { checkVersion, encodeTransaction, messageOf, type TxEncoding } from './tx-encode';
import type { TxRecord } from './tx-store';

/**
 * A slot's block time: its transactions' time, else interpolated between the nearest slots whose
 * time is known (transactions, and the current slot at the chain's clock).
 */
export function blockTimeOf(ledger: Ledger, slot: number): number {
  const { clock, store } = ledger;
  const here = store.inSlots(slot, slot)[0];
  if (here) return here.blockTime;
  const { before, after } = store.around(slot);
  const secondsPerSlot = clock.profile.slotMs / 1000;
  const later = after ?? { slot: clock.slot, blockTime: clock.slotTime() };
  if (!before) return Math.floor(later.blockTime - (later.slot - slot) * secondsPerSlot);
  const span = later.slot - before.slot;
  const share = span > 0 ? (slot - before.slot) / span : 0;
  return Math.floor(before.blockTime + share * (later.blockTime - before.blockTime));
}

export interface BlockOptions {
  encoding: TxEncoding;
  transactionDetails: 'full' | 'signatures' | 'none' | 'accounts';
  rewards: boolean;
  maxSupportedTransactionVersion: unknown;
}

function accountsOnly(record: TxRecord, encoded: Record<string, unknown>) {
  const { message, tx } = messageOf(record);
  const meta = encoded.meta as Record<string, unknown>;
  return {
    transaction: {
      accountKeys: record.accountKeys.map((pubkey, i) => ({
        pubkey,
        signer: message.isAccountSigner(i),
        writable: message.isAccountWritable(i),
        source: 'transaction',
      })),
      signatures: tx.signatures.map(() => record.signature).slice(0, 1),
    },
    meta: {
      err: meta.err,
      fee: meta.fee,
      status: meta.status,
      preBalances: meta.preBalances,
      postBalances: meta.postBalances,
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
    },
    ...('version' in encoded ? { version: encoded.version } : {}),
  };
}

/** getBlock's answer for a produced slot (every slot produces a block here). */
export function blockView(ledger: Ledger, slot: number, opts: BlockOptions) {
  const records = ledger.store.inSlots(slot, slot);
  const block: Record<string, unknown> = {
    blockHeight: slot,
    blockTime: blockTimeOf(ledger, slot),
    blockhash: ledger.clock.blockhashAt(slot),
    parentSlot: Math.max(0, slot - 1),
    previousBlockhash: ledger.clock.blockhashAt(Math.max(0, slot - 1)),
  };
  if (opts.transactionDetails === 'signatures') {
    block.signatures = records.map((r) => r.signature);
  } else if (opts.transactionDetails !== 'none') {
    block.transactions = records.map((record) => {
      const {
        slot: _slot,
        blockTime: _time,
        ...encoded
      } = encodeTransaction(record, opts.encoding);
      checkVersion(encoded, opts.maxSupportedTransactionVersion);
      return opts.transactionDetails === 'accounts' ? accountsOnly(record, encoded) : encoded;
    });
  }
  if (opts.rewards) block.rewards = [];
  return block;
}
