import type { Address, MaybeEncodedAccount } from '@solana/kit';
import type { VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import type { LiteSVM } from 'litesvm';

const SYSTEM = '11111111111111111111111111111111';
/** An address lookup table's fixed header before its list of 32-byte addresses. */
const LOOKUP_TABLE_META_SIZE = 56;

/** An account as the write-ahead log keeps it (a closed account has 0 lamports and no data). */
export interface StoredAccount {
  address: string;
  lamports: string;
  owner: string;
  executable: boolean;
  data: string;
}

export function storeAccount(address: string, found: MaybeEncodedAccount): StoredAccount {
  if (!found.exists) return { address, lamports: '0', owner: SYSTEM, executable: false, data: '' };
  return {
    address,
    lamports: found.lamports.toString(),
    owner: found.programAddress,
    executable: found.executable,
    data: Buffer.from(found.data).toString('base64'),
  };
}

export function restoreAccount(svm: LiteSVM, account: StoredAccount): void {
  const data = Buffer.from(account.data, 'base64');
  svm.setAccount({
    address: account.address as Address,
    lamports: BigInt(account.lamports),
    data: new Uint8Array(data),
    programAddress: account.owner as Address,
    executable: account.executable,
    space: BigInt(data.length),
  } as never);
}

/** The addresses a v0 transaction may write through address lookup tables. */
export function writableLookups(svm: LiteSVM, message: VersionedMessage): string[] {
  const keys: string[] = [];
  if (message.version !== 0) return keys;
  for (const lookup of message.addressTableLookups) {
    const table = svm.getAccount(lookup.accountKey.toBase58() as Address);
    if (!table.exists) continue;
    const data = Buffer.from(table.data);
    for (const index of lookup.writableIndexes) {
      const at = LOOKUP_TABLE_META_SIZE + index * 32;
      if (at + 32 <= data.length) keys.push(bs58.encode(data.subarray(at, at + 32)));
    }
  }
  return keys;
}

export const lamportsOf = (account: MaybeEncodedAccount): bigint =>
  account.exists ? BigInt(account.lamports) : 0n;
