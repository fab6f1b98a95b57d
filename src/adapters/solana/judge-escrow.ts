import { z } from 'zod';
import type { EscrowCheck, EscrowExpectation } from '../../app/ports';
import { NATIVE_MINT, REQUIRED_SIGNERS, TOKEN_PROGRAM } from '../../domain/escrow-multisig';
import { formatSol } from '../../domain/money';
import { ChainRpcError } from './chain-rpc-error';
import { pairMultisig } from './escrow-multisig';
import { judge } from './judge-transfer';
import type { RpcClient } from './rpc-client';
import type { Lookup } from './transaction-lookup';

const accountInfo = z
  .looseObject({
    owner: z.string(),
    data: z.union([
      z.looseObject({
        program: z.string(),
        parsed: z.looseObject({ type: z.string(), info: z.looseObject({}) }),
      }),
      z.unknown(),
    ]),
  })
  .nullable();
const parsedAccount = z.object({ value: accountInfo });
const parsedAccounts = z.object({ value: z.array(accountInfo) });

/** getMultipleAccounts takes at most 100 addresses a call. */
export const ACCOUNTS_PER_CALL = 100;

const tokenAccount = z.looseObject({
  mint: z.string(),
  owner: z.string(),
  state: z.string(),
  isNative: z.boolean(),
  tokenAmount: z.looseObject({ amount: z.string().regex(/^\d+$/) }),
  delegate: z.string().optional(),
  closeAuthority: z.string().optional(),
});

const multisigAccount = z.looseObject({
  numRequiredSigners: z.number(),
  numValidSigners: z.number(),
  isInitialized: z.boolean(),
  signers: z.array(z.string()),
});

/** The SPL Token program's parsed view of an account of `type`; null for anything else. */
function tokenView(account: z.infer<typeof accountInfo>, type: string): unknown {
  if (!account || account.owner !== TOKEN_PROGRAM) return null;
  const data = account.data as { parsed?: { type: string; info: unknown } };
  return data.parsed?.type === type ? data.parsed.info : null;
}

/** An account as the SPL Token program's parser shows it at `confirmed`; null when absent. */
export async function tokenProgramAccount(rpc: RpcClient, address: string, type: string) {
  const answer = parsedAccount.safeParse(
    await rpc.call('getAccountInfo', [
      address,
      { encoding: 'jsonParsed', commitment: rpc.commitment },
    ]),
  );
  if (!answer.success) {
    throw new ChainRpcError('invalid_response', 'getAccountInfo: unexpected answer');
  }
  return tokenView(answer.data.value, type);
}

const amountOf = (info: unknown): bigint | null => {
  const account = tokenAccount.safeParse(info);
  return account.success ? BigInt(account.data.tokenAmount.amount) : null;
};

/** What a token account holds (its token amount); null when it is not an open one. */
export async function tokenAmount(rpc: RpcClient, address: string): Promise<bigint | null> {
  return amountOf(await tokenProgramAccount(rpc, address, 'account'));
}

/**
 * What each token account holds (null: not an open token account), one getMultipleAccounts
 * call per 100 addresses.
 */
export async function tokenAmounts(
  rpc: RpcClient,
  addresses: readonly string[],
): Promise<Map<string, bigint | null>> {
  const out = new Map<string, bigint | null>();
  const unique = [...new Set(addresses)];
  for (let i = 0; i < unique.length; i += ACCOUNTS_PER_CALL) {
    const batch = unique.slice(i, i + ACCOUNTS_PER_CALL);
    const answer = parsedAccounts.safeParse(
      await rpc.call('getMultipleAccounts', [
        batch,
        { encoding: 'jsonParsed', commitment: rpc.commitment },
      ]),
    );
    if (!answer.success || answer.data.value.length !== batch.length) {
      throw new ChainRpcError('invalid_response', 'getMultipleAccounts: unexpected answer');
    }
    batch.forEach((address, k) => {
      out.set(address, amountOf(tokenView(answer.data.value[k]!, 'account')));
    });
  }
  return out;
}

const refuse = (message: string): EscrowCheck => ({ ok: false, reason: 'escrow_invalid', message });

/**
 * What a looked-up purchase says in multisig mode: the transfer as in wallet mode (exactly the
 * price, from the buyer, the buyer signing), into an escrow account whose state at `confirmed`
 * is exactly what the buyer's money needs to be safe.
 */
export async function judgeEscrow(
  rpc: RpcClient,
  found: Lookup,
  expected: EscrowExpectation,
): Promise<EscrowCheck> {
  if (found.found !== 'transaction') {
    const check = judge(found, { ...expected, from: expected.buyer, to: '' });
    return check.ok ? refuse('The transaction is not on chain') : check;
  }
  const paid = found.tx.transfers.filter(
    (t) => t.source === expected.buyer && t.lamports === expected.lamports,
  );
  const into = paid[0]?.destination;
  if (into === undefined || paid.length !== 1) {
    return {
      ok: false,
      reason: 'no_matching_transfer',
      message: `No single transfer of ${formatSol(expected.lamports)} SOL from ${expected.buyer} into an escrow account in this transaction`,
    };
  }
  const signed = judge(found, { ...expected, from: expected.buyer, to: into });
  if (!signed.ok) return signed;

  const account = tokenAccount.safeParse(await tokenProgramAccount(rpc, into, 'account'));
  if (!account.success) return refuse(`${into} is not an open SPL token account`);
  const a = account.data;
  if (a.mint !== NATIVE_MINT || !a.isNative) return refuse(`${into} does not hold wrapped SOL`);
  if (a.state !== 'initialized') return refuse(`${into} is ${a.state}`);
  if (a.delegate !== undefined || a.closeAuthority !== undefined) {
    return refuse(`${into} has a delegate or a close authority`);
  }
  if (BigInt(a.tokenAmount.amount) !== expected.lamports) {
    return refuse(
      `${into} holds ${formatSol(BigInt(a.tokenAmount.amount))} SOL, not the price of ${formatSol(expected.lamports)} SOL`,
    );
  }
  const multisig = await pairMultisig(expected);
  if (a.owner !== multisig) {
    return refuse(
      `${into} is owned by ${a.owner}, not by the multisig of buyer, seller and arbiter`,
    );
  }
  const ms = multisigAccount.safeParse(await tokenProgramAccount(rpc, multisig, 'multisig'));
  if (!ms.success || !ms.data.isInitialized) return refuse(`${multisig} is not a multisig`);
  const want = [expected.buyer, expected.seller, expected.arbiter];
  const signers = ms.data.signers;
  const exact =
    signers.length === want.length &&
    ms.data.numValidSigners === want.length &&
    want.every((key) => signers.includes(key));
  if (!exact) return refuse(`The multisig ${multisig} is not of buyer, seller and arbiter`);
  if (ms.data.numRequiredSigners !== REQUIRED_SIGNERS) {
    return refuse(
      `The multisig ${multisig} needs ${ms.data.numRequiredSigners} of ${ms.data.numValidSigners} signatures, not ${REQUIRED_SIGNERS}`,
    );
  }
  return { ok: true, escrowAccount: into };
}
