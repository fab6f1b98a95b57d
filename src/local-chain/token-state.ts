import bs58 from 'bs58';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
export const isTokenProgram = (owner: string) =>
  owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;
/** `program` in jsonParsed answers. */
export const tokenProgramName = (owner: string) =>
  owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';

const ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
const MULTISIG_SIZE = 355;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export interface TokenAccountState {
  kind: 'account';
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  nativeReserve: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
  extensions: Buffer | null;
}
export interface MintState {
  kind: 'mint';
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
  extensions: Buffer | null;
}
export interface MultisigState {
  kind: 'multisig';
  m: number;
  n: number;
  isInitialized: boolean;
  signers: string[];
}
export type TokenState = TokenAccountState | MintState | MultisigState;

const key = (data: Buffer, at: number) => bs58.encode(data.subarray(at, at + 32));
const optionalKey = (data: Buffer, at: number) =>
  data.readUInt32LE(at) === 1 ? key(data, at + 4) : null;
const extensionsOf = (data: Buffer) => (data.length > ACCOUNT_SIZE ? data.subarray(166) : null);

/** Decodes token account, mint or multisig data as the token programs lay it out, else null. */
export function decodeTokenState(data: Buffer): TokenState | null {
  const withType = data.length > ACCOUNT_SIZE && data.length !== MULTISIG_SIZE;
  if (data.length === ACCOUNT_SIZE || (withType && data[ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT)) {
    const state = data[108];
    if (state !== 1 && state !== 2) return null;
    const native = data.readUInt32LE(109) === 1;
    const delegate = optionalKey(data, 72);
    return {
      kind: 'account',
      mint: key(data, 0),
      owner: key(data, 32),
      amount: data.readBigUInt64LE(64),
      delegate,
      state: state === 2 ? 'frozen' : 'initialized',
      nativeReserve: native ? data.readBigUInt64LE(113) : null,
      delegatedAmount: data.readBigUInt64LE(121),
      closeAuthority: optionalKey(data, 129),
      extensions: extensionsOf(data),
    };
  }
  if (data.length === MINT_SIZE || (withType && data[ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT)) {
    if (data[45] !== 1) return null;
    return {
      kind: 'mint',
      mintAuthority: optionalKey(data, 0),
      supply: data.readBigUInt64LE(36),
      decimals: data[44]!,
      isInitialized: true,
      freezeAuthority: optionalKey(data, 46),
      extensions: extensionsOf(data),
    };
  }
  if (data.length === MULTISIG_SIZE && data[2] === 1) {
    const signers: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const at = 3 + i * 32;
      if (data.subarray(at, at + 32).some((b) => b !== 0)) signers.push(key(data, at));
    }
    return { kind: 'multisig', m: data[0]!, n: data[1]!, isInitialized: true, signers };
  }
  return null;
}

/** "1.5" for 1500000000 at 9 decimals: exact, trailing zeros trimmed (a node's uiAmountString). */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A node's UiTokenAmount (uiAmount is a float there; the string is the exact one). */
export function tokenAmount(amount: bigint, decimals: number) {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}
