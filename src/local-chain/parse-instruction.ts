import bs58 from 'bs58';
import { parseAssociatedTokenInstruction, parseTokenInstruction } from './parse-token';
import { isTokenProgram } from './token-state';
import type { RawInstruction } from './raw-instruction';

export type { RawInstruction } from './raw-instruction';

const SYSTEM = '11111111111111111111111111111111';
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/**
 * An instruction in `jsonParsed` form, as a node renders it: the System Program's common
 * instructions, the token programs, associated token accounts and memos parsed, anything else
 * as program id, accounts and base58 data.
 */
export function parseInstruction(ix: RawInstruction): Record<string, unknown> {
  const token = isTokenProgram(ix.programId)
    ? parseTokenInstruction(ix)
    : ix.programId === ASSOCIATED_TOKEN
      ? parseAssociatedTokenInstruction(ix)
      : null;
  if (token) return token;
  const parsed = ix.programId === SYSTEM ? parseSystem(ix) : null;
  if (parsed) return { program: 'system', programId: SYSTEM, parsed, stackHeight: ix.stackHeight };
  if (MEMO_PROGRAMS.has(ix.programId)) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(ix.data);
    return {
      program: 'spl-memo',
      programId: ix.programId,
      parsed: text,
      stackHeight: ix.stackHeight,
    };
  }
  return {
    programId: ix.programId,
    accounts: ix.accounts,
    data: bs58.encode(ix.data),
    stackHeight: ix.stackHeight,
  };
}

function parseSystem(ix: RawInstruction): Record<string, unknown> | null {
  const data = Buffer.from(ix.data);
  if (data.length < 4) return null;
  const kind = data.readUInt32LE(0);
  const [a, b] = ix.accounts;
  if (kind === 2 && data.length >= 12 && a && b) {
    return {
      type: 'transfer',
      info: { source: a, destination: b, lamports: data.readBigUInt64LE(4) },
    };
  }
  if (kind === 0 && data.length >= 52 && a && b) {
    return {
      type: 'createAccount',
      info: {
        source: a,
        newAccount: b,
        lamports: data.readBigUInt64LE(4),
        space: data.readBigUInt64LE(12),
        owner: bs58.encode(data.subarray(20, 52)),
      },
    };
  }
  if (kind === 1 && data.length >= 36 && a) {
    return { type: 'assign', info: { account: a, owner: bs58.encode(data.subarray(4, 36)) } };
  }
  if (kind === 8 && data.length >= 12 && a) {
    return { type: 'allocate', info: { account: a, space: data.readBigUInt64LE(4) } };
  }
  return null;
}

/** The memo column of getSignaturesForAddress: "[length] text" per memo, joined by "; ". */
export function memoOf(instructions: RawInstruction[]): string | null {
  const memos = instructions
    .filter((ix) => MEMO_PROGRAMS.has(ix.programId))
    .map((ix) => {
      const text = new TextDecoder().decode(ix.data);
      return `[${ix.data.length}] ${text}`;
    });
  return memos.length ? memos.join('; ') : null;
}
