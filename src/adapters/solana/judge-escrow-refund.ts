import type { EscrowRefundExpectation, TransferCheck } from '../../app/ports';
import { formatSol } from '../../domain/money';
import { readClose } from './judge-escrow-outcome';
import { judge } from './judge-transfer';
import type { RpcClient } from './rpc-client';
import type { Lookup } from './transaction-lookup';

/**
 * What a looked-up refund of a payment that bought nothing says: it closed that payment's escrow
 * account to the buyer, the account holding at least the price before (anyone may add to it)
 * and nothing after, and, its fee aside, the buyer got every lamport the account held.
 */
export async function judgeEscrowRefund(
  rpc: RpcClient,
  found: Lookup,
  e: EscrowRefundExpectation,
): Promise<TransferCheck> {
  const refused = (why: string): TransferCheck => ({
    ok: false,
    reason: 'no_matching_transfer',
    message: `This transaction does not pay the escrow account ${e.escrowAccount} back to the buyer: ${why}`,
  });
  if (found.found !== 'transaction') {
    const check = judge(found, { signature: e.signature, from: e.buyer, to: '', lamports: 0n });
    return check.ok ? refused('not on chain') : check;
  }
  const { meta, keys, closes } = await readClose(rpc, e.signature, e.escrowAccount, e.buyer);
  if (!closes) return refused('it does not close that account to the buyer');
  const held = keys.indexOf(e.escrowAccount);
  const tokens = meta.preTokenBalances?.find((b) => b.accountIndex === held);
  // At least what was paid in: anyone may add to the account, and the buyer gets all it holds.
  const amount = tokens?.uiTokenAmount.amount;
  if (amount === undefined || !/^\d+$/.test(amount) || BigInt(amount) < e.lamports) {
    return refused(`the account did not hold the ${formatSol(e.lamports)} SOL paid in`);
  }
  if (BigInt(meta.postBalances[held]!) !== 0n) return refused('the account was not emptied');
  const buyer = keys.indexOf(e.buyer);
  const inAccount = BigInt(meta.preBalances[held]!);
  const got =
    BigInt(meta.postBalances[buyer]!) -
    BigInt(meta.preBalances[buyer]!) +
    (buyer === 0 ? BigInt(meta.fee) : 0n);
  if (got !== inAccount) {
    return refused(
      `the buyer got ${formatSol(got < 0n ? 0n : got)} SOL of the ${formatSol(inAccount)} SOL it held`,
    );
  }
  return { ok: true };
}
