import bs58 from 'bs58';
import type { RawInstruction } from './raw-instruction';
import { tokenAmount, tokenProgramName } from './token-state';

type Info = Record<string, unknown>;
interface Spec {
  type: string;
  /** Names of the leading accounts, in order. */
  accounts: string[];
  /** The authority's field names when it is one key, and when it is a multisig with signers. */
  authority?: [single: string, multisig: string];
  /** Every account after the named ones is a multisig signer (initializeMultisig). */
  signerList?: boolean;
  data?: (d: Buffer) => Info;
}

const key = (d: Buffer, at: number) => bs58.encode(d.subarray(at, at + 32));
const optionalKey = (d: Buffer, at: number) => (d[at] === 1 ? key(d, at + 1) : null);
const amount = (d: Buffer) => ({ amount: d.readBigUInt64LE(1).toString() });
const checked = (d: Buffer) => ({ tokenAmount: tokenAmount(d.readBigUInt64LE(1), d[9]!) });
const mint = (d: Buffer) => {
  const freeze = optionalKey(d, 34);
  return {
    decimals: d[1],
    mintAuthority: key(d, 2),
    ...(freeze ? { freezeAuthority: freeze } : {}),
  };
};
const owner = (d: Buffer) => ({ owner: key(d, 1) });
const AUTHORITY_TYPES = [
  'mintTokens', 'freezeAccount', 'accountOwner', 'closeAccount', 'transferFeeConfig',
  'withheldWithdraw', 'closeMint', 'interestRate', 'permanentDelegate',
  'confidentialTransferMint', 'transferHookProgramId', 'confidentialTransferFeeConfig',
  'metadataPointer', 'groupPointer', 'groupMemberPointer', 'scaledUiAmount', 'pause',
]; // prettier-ignore

const AUTH: [string, string] = ['authority', 'multisigAuthority'];
const OWNER: [string, string] = ['owner', 'multisigOwner'];
const MINTER: [string, string] = ['mintAuthority', 'multisigMintAuthority'];
const FREEZER: [string, string] = ['freezeAuthority', 'multisigFreezeAuthority'];

/** The SPL Token instructions a node parses (Token-2022 shares their numbers). */
const SPECS: Record<number, Spec> = {
  0: { type: 'initializeMint', accounts: ['mint', 'rentSysvar'], data: mint },
  1: { type: 'initializeAccount', accounts: ['account', 'mint', 'owner', 'rentSysvar'] },
  2: { type: 'initializeMultisig', accounts: ['multisig', 'rentSysvar'], signerList: true },
  3: { type: 'transfer', accounts: ['source', 'destination'], authority: AUTH, data: amount },
  4: { type: 'approve', accounts: ['source', 'delegate'], authority: OWNER, data: amount },
  5: { type: 'revoke', accounts: ['source'], authority: OWNER },
  7: { type: 'mintTo', accounts: ['mint', 'account'], authority: MINTER, data: amount },
  8: { type: 'burn', accounts: ['account', 'mint'], authority: AUTH, data: amount },
  9: { type: 'closeAccount', accounts: ['account', 'destination'], authority: OWNER },
  10: { type: 'freezeAccount', accounts: ['account', 'mint'], authority: FREEZER },
  11: { type: 'thawAccount', accounts: ['account', 'mint'], authority: FREEZER },
  12: {
    type: 'transferChecked',
    accounts: ['source', 'mint', 'destination'],
    authority: AUTH,
    data: checked,
  },
  13: {
    type: 'approveChecked',
    accounts: ['source', 'mint', 'delegate'],
    authority: OWNER,
    data: checked,
  },
  14: { type: 'mintToChecked', accounts: ['mint', 'account'], authority: MINTER, data: checked },
  15: { type: 'burnChecked', accounts: ['account', 'mint'], authority: AUTH, data: checked },
  16: { type: 'initializeAccount2', accounts: ['account', 'mint', 'rentSysvar'], data: owner },
  17: { type: 'syncNative', accounts: ['account'] },
  18: { type: 'initializeAccount3', accounts: ['account', 'mint'], data: owner },
  19: { type: 'initializeMultisig2', accounts: ['multisig'], signerList: true },
  20: { type: 'initializeMint2', accounts: ['mint'], data: mint },
  21: { type: 'getAccountDataSize', accounts: ['mint'] },
  22: { type: 'initializeImmutableOwner', accounts: ['account'] },
  23: { type: 'amountToUiAmount', accounts: ['mint'], data: amount },
  24: {
    type: 'uiAmountToAmount',
    accounts: ['mint'],
    data: (d) => ({ uiAmount: d.subarray(1).toString('utf8') }),
  },
  38: { type: 'withdrawExcessLamports', accounts: ['source', 'destination'], authority: AUTH },
};

function setAuthority(ix: RawInstruction, d: Buffer): Spec {
  const kind = AUTHORITY_TYPES[d[1]!];
  if (!kind) throw new Error('unknown authority type');
  const owned = ['accountOwner', 'closeAccount'].includes(kind) ? 'account' : 'mint';
  return {
    type: 'setAuthority',
    accounts: [owned],
    authority: AUTH,
    data: () => ({ authorityType: kind, newAuthority: optionalKey(d, 2) }),
  };
}

/** A token program instruction in jsonParsed form, or null when it does not parse. */
export function parseTokenInstruction(ix: RawInstruction): Record<string, unknown> | null {
  const d = Buffer.from(ix.data);
  try {
    const spec = d[0] === 6 ? setAuthority(ix, d) : SPECS[d[0]!];
    if (!spec) return null;
    const needed = spec.accounts.length + (spec.authority ? 1 : 0);
    if (ix.accounts.length < needed || (spec.signerList && ix.accounts.length <= needed)) {
      return null;
    }
    const info: Info = { ...spec.data?.(d) };
    spec.accounts.forEach((name, i) => (info[name] = ix.accounts[i]));
    const rest = ix.accounts.slice(spec.accounts.length);
    if (spec.signerList) Object.assign(info, { signers: rest, m: d[1] });
    if (spec.authority) {
      const [single, multisig] = spec.authority;
      if (rest.length > 1) Object.assign(info, { [multisig]: rest[0], signers: rest.slice(1) });
      else info[single] = rest[0];
    }
    return {
      program: tokenProgramName(ix.programId),
      programId: ix.programId,
      parsed: { type: spec.type, info },
      stackHeight: ix.stackHeight,
    };
  } catch {
    return null; // too short for its fields
  }
}

const ATA_TYPES = ['create', 'createIdempotent'];
const ATA_ACCOUNTS = ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'];

/** The associated token account program's create instructions, as a node parses them. */
export function parseAssociatedTokenInstruction(ix: RawInstruction) {
  const type = ATA_TYPES[ix.data.length === 0 ? 0 : ix.data[0]!];
  if (!type || ix.accounts.length < 6) return null;
  const info = Object.fromEntries(ATA_ACCOUNTS.map((name, i) => [name, ix.accounts[i]]));
  return {
    program: 'spl-associated-token-account',
    programId: ix.programId,
    parsed: { type, info },
    stackHeight: ix.stackHeight,
  };
}
