import { z } from 'zod';
import type { EscrowOutcomeExpectation, TransferCheck } from '../../app/ports';
import { escrowSurplusTo, TOKEN_ACCOUNT_SIZE } from '../../domain/escrow-multisig';
import { formatSol } from '../../domain/money';
import { ChainRpcError } from './chain-rpc-error';
import { judge } from './judge-transfer';
import type { RpcClient } from './rpc-client';
import { fetchTransaction, type Lookup } from './transaction-lookup';

const lamports = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

/** The balances and instructions of a jsonParsed getTransaction answer. */
const balances = z.looseObject({
  meta: z.looseObject({
    fee: lamports,
    preBalances: z.array(lamports),
    postBalances: z.array(lamports),
    preTokenBalances: z
      .array(
        z.looseObject({
          accountIndex: z.number(),
          uiTokenAmount: z.looseObject({ amount: z.string() }),
        }),
      )
      .nullable()
      .optional(),
  }),
  transaction: z.looseObject({
    message: z.looseObject({
      accountKeys: z.array(z.looseObject({ pubkey: z.string() })),
      instructions: z.array(
        z.looseObject({ program: z.string().optional(), parsed: z.unknown().optional() }),
      ),
    }),
  }),
});

const closeAccount = z.object({
  type: z.literal('closeAccount'),
  info: z.looseObject({ account: z.string(), destination: z.string() }),
});

const signed = (l: bigint) => (l < 0n ? `-${formatSol(-l)}` : formatSol(l));

/**
 * A confirmed transaction's balances, account keys and whether it closes `account` (to
 * `destination`, when given) with the SPL Token program.
 */
export async function readClose(
  rpc: RpcClient,
  signature: string,
  account: string,
  destination?: string,
) {
  const answer = balances.safeParse(
    await rpc.call('getTransaction', [
      signature,
      { encoding: 'jsonParsed', commitment: rpc.commitment, maxSupportedTransactionVersion: 0 },
    ]),
  );
  if (!answer.success) {
    throw new ChainRpcError('invalid_response', 'getTransaction: unexpected answer');
  }
  const { meta, transaction } = answer.data;
  const keys = transaction.message.accountKeys.map((k) => k.pubkey);
  const closes = transaction.message.instructions.some((ix) => {
    const parsed = closeAccount.safeParse(ix.parsed);
    return (
      ix.program === 'spl-token' &&
      parsed.success &&
      parsed.data.info.account === account &&
      (destination === undefined || parsed.data.info.destination === destination)
    );
  });
  return { meta, keys, closes };
}

/** The escrow account a verified purchase paid into: its one transfer of the price from the buyer. */
export async function escrowOfPayment(
  rpc: RpcClient,
  o: Pick<EscrowOutcomeExpectation, 'paymentSignature' | 'buyer' | 'lamports'>,
) {
  const payment = await fetchTransaction(rpc, o.paymentSignature);
  const into = (payment?.transfers ?? []).filter(
    (t) => t.source === o.buyer && t.lamports === o.lamports,
  );
  return into.length === 1 ? into[0]!.destination : null;
}

/**
 * What a looked-up outcome says: it closed the order's escrow account and, fee aside, moved
 * exactly the seller's part to the seller and the buyer's part plus the escrow's rent to the
 * buyer (lamport by lamport, from the transaction's own balances).
 */
export async function judgeEscrowOutcome(
  rpc: RpcClient,
  found: Lookup,
  o: EscrowOutcomeExpectation,
): Promise<TransferCheck> {
  const noPayout = (why: string): TransferCheck => ({
    ok: false,
    reason: 'no_matching_transfer',
    message: `This transaction does not pay ${formatSol(o.sellerLamports)} SOL to the seller and ${formatSol(o.buyerLamports)} SOL to the buyer out of the order's escrow: ${why}`,
  });
  if (found.found !== 'transaction') {
    const check = judge(found, {
      signature: o.signature,
      from: o.buyer,
      to: o.seller,
      lamports: 0n,
    });
    return check.ok ? noPayout('not on chain') : check;
  }
  const escrow = o.escrowAccount ?? (await escrowOfPayment(rpc, o));
  if (!escrow) return noPayout('the order’s payment names no escrow account');
  const { meta, keys, closes } = await readClose(rpc, o.signature, escrow);
  if (!closes) return noPayout('it does not close the escrow account');
  const at = (key: string) => keys.indexOf(key);
  const held = at(escrow);
  const heldTokens = meta.preTokenBalances?.find((b) => b.accountIndex === held)?.uiTokenAmount;
  const holding = heldTokens && /^\d+$/.test(heldTokens.amount) ? BigInt(heldTokens.amount) : null;
  if (holding === null || holding < o.lamports) {
    return noPayout('the escrow did not hold the price');
  }
  // Anyone may add to an escrow account (a transfer, with or without syncNative): all it holds
  // beyond the price and the rent the buyer paid goes with the close to the party it pays, as
  // the arbiter's close is built (escrowSurplusTo), so a top-up neither blocks the payout nor
  // goes unaccounted. The rent is a token account's rent-exempt reserve, which the buyer gets.
  const rent = await tokenAccountRent(rpc);
  const surplus = BigInt(meta.preBalances[held]!) - rent - o.lamports;
  if (surplus < 0n) return noPayout('the escrow did not hold the price and its rent');
  const toSeller = escrowSurplusTo(o) === 'seller' ? surplus : 0n;
  const toBuyer = surplus - toSeller;
  const fee = BigInt(meta.fee);
  const delta = (key: string) => {
    const i = at(key);
    if (i < 0) return 0n;
    return BigInt(meta.postBalances[i]!) - BigInt(meta.preBalances[i]!) + (i === 0 ? fee : 0n);
  };
  if (BigInt(meta.postBalances[held]!) !== 0n) {
    return noPayout('the escrow account was not emptied');
  }
  if (
    delta(o.seller) !== o.sellerLamports + toSeller ||
    delta(o.buyer) !== o.buyerLamports + toBuyer + rent
  ) {
    return noPayout(
      `the seller got ${signed(delta(o.seller))} SOL and the buyer ${signed(delta(o.buyer) - rent)} SOL besides the rent`,
    );
  }
  return { ok: true };
}

let rentOfTokenAccount: Promise<bigint> | null = null;

/** The rent-exempt reserve of a token account, asked once per process (rent does not change). */
function tokenAccountRent(rpc: RpcClient): Promise<bigint> {
  rentOfTokenAccount ??= rpc
    .call<number>('getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE])
    .then((lamports) => {
      if (!Number.isSafeInteger(lamports) || lamports < 0) {
        throw new ChainRpcError(
          'invalid_response',
          'getMinimumBalanceForRentExemption: unexpected answer',
        );
      }
      return BigInt(lamports);
    })
    .catch((error: unknown) => {
      rentOfTokenAccount = null;
      throw error;
    });
  return rentOfTokenAccount;
}
