import type { Address, EncodedAccount } from '@solana/kit';
import bs58 from 'bs58';
import { accountView, checkEncoding, encodeAccount } from './account-view';
import type { Ledger } from './ledger';
import { invalidParams } from './rpc-error';
import { address, config, contextual, type Config, type Handler } from './rpc-params';
import { decodeTokenState, isTokenProgram, tokenAmount } from './token-state';

const MAX_FILTERS = 4;
const SUPPLY_OWNERS = [
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
];

export type Filter = (data: Buffer) => boolean;

/** One getProgramAccounts / programSubscribe filter: dataSize or memcmp. */
export function filterOf(raw: unknown): Filter {
  const f = raw as {
    dataSize?: unknown;
    memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown };
  };
  if (typeof f?.dataSize === 'number') return (data) => data.length === f.dataSize;
  const memcmp = f?.memcmp;
  if (!memcmp || !Number.isSafeInteger(memcmp.offset) || typeof memcmp.bytes !== 'string') {
    throw invalidParams(
      'Invalid params: a filter is { dataSize } or { memcmp: { offset, bytes } }',
    );
  }
  let bytes: Buffer;
  try {
    bytes =
      memcmp.encoding === 'base64'
        ? Buffer.from(memcmp.bytes, 'base64')
        : Buffer.from(bs58.decode(memcmp.bytes));
  } catch {
    throw invalidParams('Invalid param: memcmp bytes are not valid base58');
  }
  const offset = memcmp.offset as number;
  return (data) => data.subarray(offset, offset + bytes.length).equals(bytes);
}

/** A request's `filters`, checked as a node checks them. */
export function filtersOf(filters: unknown): Filter[] {
  if (filters !== undefined && !Array.isArray(filters)) {
    throw invalidParams('Invalid params: filters must be an array');
  }
  if ((filters ?? []).length > MAX_FILTERS) {
    throw invalidParams(`Too many filters provided; max ${MAX_FILTERS}`);
  }
  return ((filters as unknown[]) ?? []).map(filterOf);
}

const keyed = (ledger: Ledger, account: EncodedAccount, cfg: Config) => ({
  pubkey: account.address,
  account: encodeAccount(ledger, { ...account, exists: true }, cfg),
});

/** Account reads: balances, accounts, program scans, token balances and supply. */
export function accountMethods(ledger: Ledger, faucet: string): Record<string, Handler> {
  const ctx = contextual(ledger.clock);
  const tokenAccount = (key: string) => {
    const found = ledger.svm.getAccount(key as Address);
    if (!found.exists) throw invalidParams('Invalid param: could not find account');
    const state = isTokenProgram(found.programAddress)
      ? decodeTokenState(Buffer.from(found.data))
      : null;
    return { found, state };
  };
  const programAccounts = (program: string, filters: unknown) => {
    const tests = filtersOf(filters);
    return ledger.svm
      .getProgramAccounts(program as Address)
      .filter((a) => tests.every((test) => test(Buffer.from(a.data))));
  };

  return {
    getBalance: (p) => ctx(ledger.balance(address(p[0])), config(p, 1)),
    getAccountInfo: (p) => ctx(accountView(ledger, address(p[0]), config(p, 1)), config(p, 1)),
    getMultipleAccounts: (p) => {
      if (!Array.isArray(p[0]))
        throw invalidParams('Invalid params: expected an array of addresses');
      if (p[0].length > 100) throw invalidParams('Too many inputs provided; max 100');
      const cfg = config(p, 1);
      return ctx(
        p[0].map((key) => accountView(ledger, address(key), cfg)),
        cfg,
      );
    },
    getProgramAccounts: (p) => {
      const cfg = config(p, 1);
      checkEncoding(cfg);
      const found = programAccounts(address(p[0]), cfg.filters).map((a) => keyed(ledger, a, cfg));
      return cfg.withContext === true ? ctx(found, cfg) : found;
    },
    getTokenAccountsByOwner: (p) => {
      const owner = address(p[0]);
      const filter = (p[1] ?? {}) as { mint?: unknown; programId?: unknown };
      const cfg = config(p, 2);
      checkEncoding(cfg);
      let program: string;
      let mint: string | null = null;
      if (filter.mint !== undefined) {
        mint = address(filter.mint);
        const found = ledger.svm.getAccount(mint as Address);
        const state = found.exists ? decodeTokenState(Buffer.from(found.data)) : null;
        if (!found.exists || state?.kind !== 'mint' || !isTokenProgram(found.programAddress)) {
          throw invalidParams('Invalid param: could not find mint');
        }
        program = found.programAddress;
      } else if (filter.programId !== undefined) {
        program = address(filter.programId);
        if (!isTokenProgram(program))
          throw invalidParams('Invalid param: unrecognized Token program id');
      } else {
        throw invalidParams('Invalid params: expected { mint } or { programId }');
      }
      const owned = programAccounts(program, undefined).filter((a) => {
        const state = decodeTokenState(Buffer.from(a.data));
        return state?.kind === 'account' && state.owner === owner && (!mint || state.mint === mint);
      });
      return ctx(
        owned.map((a) => keyed(ledger, a, cfg)),
        cfg,
      );
    },
    getTokenAccountBalance: (p) => {
      const { state } = tokenAccount(address(p[0]));
      if (state?.kind !== 'account') throw invalidParams('Invalid param: not a Token account');
      const decimals = ledger.decimalsOf(state.mint);
      if (decimals === null) throw invalidParams('Invalid param: could not find mint');
      return ctx(tokenAmount(state.amount, decimals), config(p, 1));
    },
    getTokenSupply: (p) => {
      const { state } = tokenAccount(address(p[0]));
      if (state?.kind !== 'mint') throw invalidParams('Invalid param: not a Token mint');
      return ctx(tokenAmount(state.supply, state.decimals), config(p, 1));
    },
    getSupply: (p) => {
      const cfg = config(p, 0);
      let total = 0n;
      for (const owner of SUPPLY_OWNERS) {
        for (const a of ledger.svm.getProgramAccounts(owner as Address))
          total += BigInt(a.lamports);
      }
      // The faucet's float is the only lamports not in circulation.
      const held = ledger.balance(faucet);
      return ctx(
        {
          total,
          circulating: total - held,
          nonCirculating: held,
          nonCirculatingAccounts: cfg.excludeNonCirculatingAccountsList === true ? [] : [faucet],
        },
        cfg,
      );
    },
  };
}
