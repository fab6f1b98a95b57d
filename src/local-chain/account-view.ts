import type { Address } from '@solana/kit';
import bs58 from 'bs58';
import type { Ledger } from './ledger';
import { invalidParams, RpcError } from './rpc-error';
import { parsedTokenData } from './token-json';
import { isTokenProgram } from './token-state';

const MAX_BASE58_BYTES = 128;
const ENCODINGS = new Set(['base58', 'base64', 'jsonParsed']);

/** An account as LiteSVM returns it (getAccount or getProgramAccounts). */
export type FoundAccount =
  | { exists: false }
  | {
      exists: true;
      data: ArrayLike<number>;
      executable: boolean;
      lamports: bigint;
      programAddress: string;
    };

export interface AccountConfig {
  encoding?: unknown;
  dataSlice?: unknown;
}

function slice(data: Buffer, dataSlice: unknown): Buffer {
  if (dataSlice === undefined || dataSlice === null) return data;
  const { offset, length } = dataSlice as { offset?: unknown; length?: unknown };
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length)) {
    throw invalidParams('Invalid params: dataSlice needs a whole offset and length');
  }
  return data.subarray(offset as number, (offset as number) + (length as number));
}

/** The checks a node makes on an account `encoding` before it looks anything up. */
export function checkEncoding(cfg: AccountConfig): string {
  const encoding = String(cfg.encoding ?? 'base58');
  if (encoding === 'base64+zstd') {
    throw invalidParams('Invalid params: base64+zstd is not offered by this local chain');
  }
  if (!ENCODINGS.has(encoding)) throw invalidParams(`Invalid params: unknown encoding ${encoding}`);
  return encoding;
}

/** An account as getAccountInfo and friends answer it, in the requested encoding. */
export function encodeAccount(ledger: Ledger, found: FoundAccount, cfg: AccountConfig) {
  if (!found.exists) return null;
  const encoding = checkEncoding(cfg);
  const full = Buffer.from(Uint8Array.from(found.data));
  const parsed =
    encoding === 'jsonParsed' && !cfg.dataSlice && isTokenProgram(found.programAddress)
      ? parsedTokenData(found.programAddress, full, ledger.decimalsOf)
      : null;
  let data: unknown = parsed;
  if (!parsed) {
    const bytes = slice(full, cfg.dataSlice);
    if (encoding === 'base58' && bytes.length > MAX_BASE58_BYTES) {
      throw new RpcError(
        -32600,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      );
    }
    data =
      encoding === 'base58' ? [bs58.encode(bytes), 'base58'] : [bytes.toString('base64'), 'base64'];
  }
  return {
    data,
    executable: found.executable,
    lamports: BigInt(found.lamports),
    owner: found.programAddress,
    rentEpoch: 18446744073709551615n,
    space: full.length,
  };
}

/** getAccountInfo's value: null for an account that does not exist. */
export function accountView(ledger: Ledger, key: string, cfg: AccountConfig) {
  return encodeAccount(ledger, ledger.svm.getAccount(key as Address), cfg);
}
