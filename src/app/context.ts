import { forbidden, DomainError } from '../domain/errors';
import type { ProtectionPolicy } from '../domain/deadlines';
import type {
  EscrowCosigner,
  EscrowVerifier,
  Chain,
  Clock,
  EscrowPayer,
  Logger,
  Store,
  UploadStore,
  WalletSignatures,
} from './ports';

/** Everything a use case may touch, handed in by the composition root. */
export interface Deps {
  store: Store;
  chain: Chain;
  uploads: UploadStore;
  signatures: WalletSignatures;
  clock: Clock;
  logger: Logger;
  escrowWallet: string;
  adminWallets: ReadonlySet<string>;
  cluster: string;
  /** Inspection period and shipping grace (INSPECTION_DAYS, SHIP_GRACE_DAYS). */
  policy: ProtectionPolicy;
  /** Present only where the server holds the escrow key: then it settles due payouts itself. */
  payer?: EscrowPayer;
  /**
   * ESCROW_MODE=multisig: payments go into a per-order escrow account of a 2-of-3 multisig of
   * buyer, seller and the arbiter (escrowWallet), and are verified by this. Absent: wallet mode.
   */
  escrowVerifier?: EscrowVerifier;
  /** Multisig mode with the arbiter's key on the server: it co-signs outcomes that are due. */
  cosigner?: EscrowCosigner;
}

/** Who is calling, as proven by a server-side session; null for a visitor. */
export interface Caller {
  userId: number;
  walletAddress: string;
  isAdmin: boolean;
}

export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new DomainError('unauthenticated', 'Sign in with your wallet first');
  return caller;
}

/** The caller must be this user (or an admin when `adminToo`). */
export function requireSelf(caller: Caller | null, userId: number, adminToo = false): Caller {
  const who = requireCaller(caller);
  if (who.userId !== userId && !(adminToo && who.isAdmin)) {
    throw forbidden('You can only do this for your own account');
  }
  return who;
}

/**
 * Admin calls carry the admin wallet as `?walletAddress=` (spec); it is honoured only when it
 * is the signed-in wallet and that wallet is an admin.
 */
export function requireAdmin(caller: Caller | null, claimedWallet: string | undefined): Caller {
  const who = requireCaller(caller);
  if (claimedWallet !== who.walletAddress) {
    throw forbidden('walletAddress must be the wallet you are signed in with');
  }
  if (!who.isAdmin) throw forbidden('Admin privileges required');
  return who;
}
