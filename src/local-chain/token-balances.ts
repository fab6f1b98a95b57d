import type { MaybeEncodedAccount } from '@solana/kit';
import { decodeTokenState, isTokenProgram, tokenAmount } from './token-state';
import type { DecimalsOf } from './token-json';

/** One token account's balance around a transaction, as getTransaction's meta lists it. */
export interface TokenBalanceRecord {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: string;
  decimals: number;
}

/** preTokenBalances / postTokenBalances: every token account among a transaction's keys. */
export function tokenBalances(
  accounts: MaybeEncodedAccount[],
  decimalsOf: DecimalsOf,
): TokenBalanceRecord[] {
  const out: TokenBalanceRecord[] = [];
  accounts.forEach((account, accountIndex) => {
    if (!account.exists || !isTokenProgram(account.programAddress)) return;
    const state = decodeTokenState(Buffer.from(account.data));
    if (state?.kind !== 'account') return;
    const decimals = decimalsOf(state.mint);
    if (decimals === null) return;
    out.push({
      accountIndex,
      mint: state.mint,
      owner: state.owner,
      programId: account.programAddress,
      amount: state.amount.toString(),
      decimals,
    });
  });
  return out;
}

/** A stored balance in the wire shape (uiTokenAmount computed from the exact amount). */
export function tokenBalanceJson(balance: TokenBalanceRecord) {
  const { amount, decimals, ...rest } = balance;
  return { ...rest, uiTokenAmount: tokenAmount(BigInt(amount), decimals) };
}
