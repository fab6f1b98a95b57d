import bs58 from 'bs58';
import { decodeTokenState, tokenAmount, tokenProgramName, type TokenState } from './token-state';

/** Reads a mint's decimals, or null when there is no such mint. */
export type DecimalsOf = (mint: string) => number | null;

const UNIT_EXTENSIONS: Record<number, string> = {
  7: 'immutableOwner',
  9: 'nonTransferable',
  13: 'nonTransferableAccount',
};

function optionalKey(bytes: Buffer): string | null {
  return bytes.every((b) => b === 0) ? null : bs58.encode(bytes);
}

/** Token-2022 extensions in a node's jsonParsed form; the rarer ones as unparseableExtension. */
function extensionsJson(tlv: Buffer | null): object[] {
  const out: object[] = [];
  for (let at = 0; tlv && at + 4 <= tlv.length;) {
    const type = tlv.readUInt16LE(at);
    const length = tlv.readUInt16LE(at + 2);
    const value = tlv.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    if (type === 0) break;
    if (UNIT_EXTENSIONS[type]) out.push({ extension: UNIT_EXTENSIONS[type] });
    else if (type === 3)
      out.push({
        extension: 'mintCloseAuthority',
        state: { closeAuthority: optionalKey(value.subarray(0, 32)) },
      });
    else if (type === 8)
      out.push({ extension: 'memoTransfer', state: { requireIncomingTransferMemos: !!value[0] } });
    else if (type === 12)
      out.push({
        extension: 'permanentDelegate',
        state: { delegate: optionalKey(value.subarray(0, 32)) },
      });
    else out.push({ extension: 'unparseableExtension' });
  }
  return out;
}

function infoOf(state: TokenState, decimalsOf: DecimalsOf): { type: string; info: object } | null {
  if (state.kind === 'multisig') {
    const { m, n, isInitialized, signers } = state;
    return {
      type: 'multisig',
      info: { numRequiredSigners: m, numValidSigners: n, isInitialized, signers },
    };
  }
  const extensions = extensionsJson(state.extensions);
  const more = extensions.length ? { extensions } : {};
  if (state.kind === 'mint') {
    const { mintAuthority, supply, decimals, isInitialized, freezeAuthority } = state;
    return {
      type: 'mint',
      info: {
        mintAuthority,
        supply: supply.toString(),
        decimals,
        isInitialized,
        freezeAuthority,
        ...more,
      },
    };
  }
  const decimals = decimalsOf(state.mint);
  if (decimals === null) return null;
  const info: Record<string, unknown> = {
    isNative: state.nativeReserve !== null,
    mint: state.mint,
    owner: state.owner,
    state: state.state,
    tokenAmount: tokenAmount(state.amount, decimals),
  };
  if (state.delegate) {
    info.delegate = state.delegate;
    info.delegatedAmount = tokenAmount(state.delegatedAmount, decimals);
  }
  if (state.nativeReserve !== null)
    info.rentExemptReserve = tokenAmount(state.nativeReserve, decimals);
  if (state.closeAuthority) info.closeAuthority = state.closeAuthority;
  return { type: 'account', info: { ...info, ...more } };
}

/** The jsonParsed `data` of an account owned by a token program, or null if it does not parse. */
export function parsedTokenData(owner: string, data: Buffer, decimalsOf: DecimalsOf) {
  const state = decodeTokenState(data);
  const parsed = state && infoOf(state, decimalsOf);
  if (!parsed) return null;
  return { program: tokenProgramName(owner), parsed, space: data.length };
}
