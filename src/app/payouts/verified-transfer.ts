import { DomainError } from '../../domain/errors';
import type {
  Chain,
  EscrowExpectation,
  EscrowVerifier,
  Repositories,
  SignaturePurpose,
  Store,
  TransferExpectation,
} from '../ports';

/** The chain must show exactly this transfer, confirmed and signed by its payer. */
export async function requireTransfer(chain: Chain, expected: TransferExpectation): Promise<void> {
  const check = await chain.verifyTransfer(expected);
  if (!check.ok) throw new DomainError('payment_invalid', check.message, { reason: check.reason });
}

/** Multisig mode: the chain must show exactly this payment into a sound escrow account. */
export async function requireEscrowPayment(
  verifier: EscrowVerifier,
  expected: EscrowExpectation,
): Promise<string> {
  const check = await verifier.verifyEscrowPayment(expected);
  if (!check.ok) throw new DomainError('payment_invalid', check.message, { reason: check.reason });
  return check.escrowAccount;
}

/**
 * Verifies a transfer on chain, then in one database transaction claims its signature (so it
 * settles nothing else, ever) and applies what it pays for (the refund of a payment that bought
 * nothing; payouts and purchases claim theirs in their own single step).
 */
export async function settleTransfer<T>(
  deps: { store: Store; chain: Chain },
  transfer: TransferExpectation & { purpose: SignaturePurpose; orderId: number | null },
  apply: (tx: Repositories) => Promise<T>,
): Promise<T> {
  const { purpose, orderId, ...expected } = transfer;
  await requireTransfer(deps.chain, expected);
  return deps.store.transaction(async (tx) => {
    await tx.signatures.claim(expected.signature, purpose, orderId);
    return apply(tx);
  });
}
