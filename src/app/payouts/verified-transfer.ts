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
 * Verifies a transfer on chain (or, given `verify`, what that checks, whose answer `apply`
 * gets), then in one database transaction claims its signature (so it settles nothing else,
 * ever) and applies what it pays for. Release, refund, refund of a
 * payment and purchase all go through here.
 */
export async function settleTransfer<T, V = unknown>(
  deps: { store: Store; chain: Chain },
  transfer: TransferExpectation & { purpose: SignaturePurpose; orderId: number | null },
  apply: (tx: Repositories, verified: V | undefined) => Promise<T>,
  verify?: () => Promise<V>,
): Promise<T> {
  const { purpose, orderId, ...expected } = transfer;
  const verified = verify ? await verify() : await requireTransfer(deps.chain, expected);
  return deps.store.transaction(async (tx) => {
    await tx.signatures.claim(expected.signature, purpose, orderId);
    return apply(tx, verified as V | undefined);
  });
}
