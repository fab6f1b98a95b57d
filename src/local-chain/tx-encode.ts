import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import { memoOf, parseInstruction, type RawInstruction } from './parse-instruction';
import { invalidParams, RpcError, UNSUPPORTED_TRANSACTION_VERSION } from './rpc-error';
import { tokenBalanceJson } from './token-balances';
import type { TxRecord } from './tx-store';

export type TxEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';
const ENCODINGS = new Set(['json', 'jsonParsed', 'base64', 'base58']);

export function txEncoding(value: unknown): TxEncoding {
  const encoding = String(value ?? 'json');
  if (!ENCODINGS.has(encoding)) throw invalidParams(`Invalid params: unknown encoding ${encoding}`);
  return encoding as TxEncoding;
}

/**
 * A node refuses version 0 transactions to a client that did not say it reads them, and leaves
 * `version` out for legacy ones.
 */
export function checkVersion(encoded: Record<string, unknown>, maxSupported: unknown): void {
  if (maxSupported !== undefined) return;
  if (encoded.version === 0) {
    throw new RpcError(
      UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  delete encoded.version;
}

/** The message of a stored transaction. */
export function messageOf(record: TxRecord): {
  tx: VersionedTransaction;
  message: VersionedMessage;
} {
  const tx = VersionedTransaction.deserialize(Buffer.from(record.wire, 'base64'));
  return { tx, message: tx.message };
}

export function rawInstructions(record: TxRecord): RawInstruction[] {
  const { message } = messageOf(record);
  return message.compiledInstructions.map((ix) => ({
    programId: record.accountKeys[ix.programIdIndex]!,
    accounts: ix.accountKeyIndexes.map((i) => record.accountKeys[i]!),
    data: ix.data,
    stackHeight: null,
  }));
}

export function memoColumn(record: TxRecord): string | null {
  return memoOf(rawInstructions(record));
}

/** getTransaction's answer for a stored transaction, in the requested encoding. */
export function encodeTransaction(record: TxRecord, encoding: TxEncoding): Record<string, unknown> {
  const { tx, message } = messageOf(record);
  const version = message.version;
  let transaction: unknown;
  if (encoding === 'base64') transaction = [record.wire, 'base64'];
  else if (encoding === 'base58')
    transaction = [bs58.encode(Buffer.from(record.wire, 'base64')), 'base58'];
  else
    transaction = {
      signatures: tx.signatures.map((s) => bs58.encode(s)),
      message: encodeMessage(record, message, encoding),
    };
  const parsed = encoding === 'jsonParsed';
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version,
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: record.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((ix) =>
          parsed
            ? parseInstruction({
                programId: record.accountKeys[ix.programIdIndex]!,
                accounts: ix.accounts.map((i) => record.accountKeys[i]!),
                data: bs58.decode(ix.data),
                stackHeight: ix.stackHeight,
              })
            : ix,
        ),
      })),
      logMessages: record.logs,
      preTokenBalances: (record.preTokenBalances ?? []).map(tokenBalanceJson),
      postTokenBalances: (record.postTokenBalances ?? []).map(tokenBalanceJson),
      rewards: [],
      loadedAddresses: parsed ? undefined : { writable: [], readonly: [] },
      computeUnitsConsumed: record.unitsConsumed,
    },
  };
}

function encodeMessage(record: TxRecord, message: VersionedMessage, encoding: TxEncoding) {
  const lookups =
    message.version === 0
      ? {
          addressTableLookups: message.addressTableLookups.map((l) => ({
            accountKey: l.accountKey.toBase58(),
            writableIndexes: l.writableIndexes,
            readonlyIndexes: l.readonlyIndexes,
          })),
        }
      : {};
  if (encoding === 'jsonParsed') {
    return {
      accountKeys: record.accountKeys.map((pubkey, i) => ({
        pubkey,
        signer: message.isAccountSigner(i),
        writable: message.isAccountWritable(i),
        source: 'transaction',
      })),
      recentBlockhash: message.recentBlockhash,
      instructions: rawInstructions(record).map(parseInstruction),
      ...lookups,
    };
  }
  return {
    accountKeys: record.accountKeys,
    header: message.header,
    recentBlockhash: message.recentBlockhash,
    instructions: message.compiledInstructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accountKeyIndexes,
      data: bs58.encode(ix.data),
      stackHeight: null,
    })),
    ...lookups,
  };
}
