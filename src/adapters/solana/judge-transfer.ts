import type { TransferCheck, TransferExpectation } from '../../app/ports';
import { formatSol } from '../../domain/money';
import type { Lookup } from './transaction-lookup';

export const NOT_FOUND = {
  ok: false,
  reason: 'not_found',
  message: 'Transaction not found on chain',
} as const satisfies TransferCheck;

/** What a looked-up transaction says about the expected payment. */
export function judge(found: Lookup, expected: TransferExpectation): TransferCheck {
  if (found.found === 'unknown') return NOT_FOUND;
  if (found.found === 'unconfirmed') {
    return {
      ok: false,
      reason: 'not_found',
      message: 'The transaction is not confirmed on chain yet',
    };
  }
  if (found.found === 'failed')
    return { ok: false, reason: 'failed', message: 'The transaction failed on chain' };
  const { tx } = found;
  const match = tx.transfers.some(
    (t) =>
      t.source === expected.from &&
      t.destination === expected.to &&
      t.lamports === expected.lamports,
  );
  if (!match) {
    return {
      ok: false,
      reason: 'no_matching_transfer',
      message: `No transfer of ${formatSol(expected.lamports)} SOL from ${expected.from} to ${expected.to} in this transaction`,
    };
  }
  if (!tx.signers.has(expected.from)) {
    return {
      ok: false,
      reason: 'not_signed_by_payer',
      message: `The payer ${expected.from} did not sign this transaction`,
    };
  }
  return { ok: true };
}
