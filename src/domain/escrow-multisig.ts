/**
 * ESCROW_MODE=multisig (issue 18): each order's payment waits in its own wrapped-SOL token account
 * owned by a 2-of-3 SPL Token multisig of buyer, seller and the marketplace's arbiter. The rules
 * and the instruction plans live here, without any package, so the server (web3.js in
 * src/adapters/solana) and the web app build the very same transactions. Addresses are base58
 * strings; the derived ones (createAccountWithSeed) are computed by the caller, which has sha256.
 */

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
export const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111';

/** Bytes of an SPL Token multisig account and of a token account. */
export const MULTISIG_SIZE = 355;
export const TOKEN_ACCOUNT_SIZE = 165;
/** Any two of buyer, seller and arbiter decide. */
export const REQUIRED_SIGNERS = 2;

/** Rent-exempt minimum at mainnet's rent (3,480 lamports per byte-year, 2 years, 128-byte header). */
export const rentExemptLamports = (bytes: number): bigint => BigInt(128 + bytes) * 3480n * 2n;

/** createAccountWithSeed takes at most 32 bytes of seed. */
const MAX_SEED = 32;

/**
 * The seed of the buyer's multisig with one seller under one arbiter: one per buyer-seller pair,
 * reused by every order between them (the base is the buyer). 16 characters of each key keep the
 * address distinct per pair; the chain's own record of the signers is what verification trusts.
 */
export function multisigSeed(seller: string, arbiter: string): string {
  return `${seller.slice(0, 16)}${arbiter.slice(0, 16)}`;
}

/** The seed of one order's escrow account: `e` and up to 31 characters the buyer picks at random. */
export function escrowSeed(nonce: string): string {
  if (!/^[1-9A-HJ-NP-Za-km-z]{8,31}$/.test(nonce)) {
    throw new Error('an escrow seed nonce is 8 to 31 base58 characters');
  }
  return `e${nonce}`.slice(0, MAX_SEED);
}

export interface AccountRef {
  address: string;
  isSigner: boolean;
  isWritable: boolean;
}

/** One instruction of a plan: System Program steps by name, SPL Token ones as raw bytes. */
export type EscrowStep =
  | {
      kind: 'createWithSeed';
      from: string;
      base: string;
      seed: string;
      account: string;
      lamports: bigint;
      space: number;
      owner: string;
    }
  | { kind: 'transfer'; from: string; to: string; lamports: bigint }
  | { kind: 'token'; accounts: AccountRef[]; data: number[] };

const w = (address: string): AccountRef => ({ address, isSigner: false, isWritable: true });
const r = (address: string): AccountRef => ({ address, isSigner: false, isWritable: false });
const s = (address: string): AccountRef => ({ address, isSigner: true, isWritable: false });

/** SPL Token instruction numbers used here. */
const INITIALIZE_ACCOUNT = 1;
const CLOSE_ACCOUNT = 9;
const SYNC_NATIVE = 17;
const INITIALIZE_MULTISIG_2 = 19;

export interface EscrowParties {
  buyer: string;
  seller: string;
  arbiter: string;
}

export interface PurchasePlanInput extends EscrowParties {
  /** The pair's multisig (buyer + multisigSeed) and this order's escrow (buyer + escrowSeed). */
  multisig: string;
  escrow: string;
  escrowSeed: string;
  /** False when the pair's multisig already exists on chain (it is then reused). */
  createMultisig: boolean;
  /** The price. */
  lamports: bigint;
  rent: { multisig: bigint; tokenAccount: bigint };
}

/**
 * The buyer's one transaction: (the pair's multisig, 2 of buyer, seller, arbiter, if new), the
 * order's wrapped-SOL account owned by it, the price into it, syncNative. The buyer pays every
 * lamport and signs alone.
 */
export function purchasePlan(p: PurchasePlanInput): EscrowStep[] {
  const steps: EscrowStep[] = [];
  if (p.createMultisig) {
    steps.push(
      {
        kind: 'createWithSeed',
        from: p.buyer,
        base: p.buyer,
        seed: multisigSeed(p.seller, p.arbiter),
        account: p.multisig,
        lamports: p.rent.multisig,
        space: MULTISIG_SIZE,
        owner: TOKEN_PROGRAM,
      },
      {
        kind: 'token',
        accounts: [w(p.multisig), r(p.buyer), r(p.seller), r(p.arbiter)],
        data: [INITIALIZE_MULTISIG_2, REQUIRED_SIGNERS],
      },
    );
  }
  steps.push(
    {
      kind: 'createWithSeed',
      from: p.buyer,
      base: p.buyer,
      seed: p.escrowSeed,
      account: p.escrow,
      lamports: p.rent.tokenAccount,
      space: TOKEN_ACCOUNT_SIZE,
      owner: TOKEN_PROGRAM,
    },
    {
      kind: 'token',
      accounts: [w(p.escrow), r(NATIVE_MINT), r(p.multisig), r(RENT_SYSVAR)],
      data: [INITIALIZE_ACCOUNT],
    },
    { kind: 'transfer', from: p.buyer, to: p.escrow, lamports: p.lamports },
    { kind: 'token', accounts: [w(p.escrow)], data: [SYNC_NATIVE] },
  );
  return steps;
}

export type EscrowOutcome = 'release' | 'refund';
export type EscrowSigner = keyof EscrowParties;

/**
 * Who signs each outcome. The arbiter (the admin's decision, the settlement runner) pairs with
 * the party paid, who sends the transaction; buyer and seller together need no arbiter at all.
 */
export function outcomeSigners(
  outcome: EscrowOutcome,
  by: 'arbiter' | 'parties',
): [EscrowSigner, EscrowSigner] {
  if (by === 'parties') return ['seller', 'buyer'];
  return outcome === 'release' ? ['seller', 'arbiter'] : ['buyer', 'arbiter'];
}

export interface OutcomePlanInput extends EscrowParties {
  multisig: string;
  escrow: string;
  /** The escrow account's rent-exempt reserve: it goes back to the buyer, who paid it. */
  rent: bigint;
  /** The price (the escrow's token amount). */
  lamports: bigint;
  /** Of the price, what goes to the buyer (a split); the seller gets the rest. */
  toBuyer: bigint;
  signers: [EscrowSigner, EscrowSigner];
}

/**
 * Closes the escrow account with two of the three keys. CloseAccount sends every lamport (price
 * and rent) to one destination, a party who signs: the buyer when the buyer gets the whole price
 * or the seller does not sign, otherwise the seller. In the same transaction (so only if it lands)
 * that party hands the other its part, and the seller hands the buyer back the rent the buyer
 * paid. Each lamport ends where it belongs, in one atomic step.
 */
export function outcomePlan(p: OutcomePlanInput): EscrowStep[] {
  if (p.toBuyer < 0n || p.toBuyer > p.lamports)
    throw new Error('the buyer’s part exceeds the price');
  const [a, b] = p.signers;
  if (a === b) throw new Error('an outcome needs two different signers');
  const toSeller = p.lamports - p.toBuyer;
  const toTheSeller = toSeller > 0n && p.signers.includes('seller');
  const destination = toTheSeller ? p.seller : p.buyer;
  const steps: EscrowStep[] = [
    {
      kind: 'token',
      accounts: [w(p.escrow), w(destination), r(p.multisig), s(p[a]), s(p[b])],
      data: [CLOSE_ACCOUNT],
    },
  ];
  if (toTheSeller) {
    steps.push({ kind: 'transfer', from: p.seller, to: p.buyer, lamports: p.rent + p.toBuyer });
  } else if (toSeller > 0n) {
    steps.push({ kind: 'transfer', from: p.buyer, to: p.seller, lamports: toSeller });
  }
  return steps;
}

/**
 * A payment that bought nothing (sold out, deleted, its price changed): its escrow account is
 * closed to the buyer by buyer and arbiter, every lamport (price and rent) back to the buyer.
 * The multisig is the account's owner as the chain shows it, which names no seller here.
 */
export function paymentRefundPlan(p: {
  escrow: string;
  multisig: string;
  buyer: string;
  arbiter: string;
}): EscrowStep[] {
  return [
    {
      kind: 'token',
      accounts: [w(p.escrow), w(p.buyer), r(p.multisig), s(p.buyer), s(p.arbiter)],
      data: [CLOSE_ACCOUNT],
    },
  ];
}

/**
 * A generous bound for one SPL Token instruction here, in units (the local chain measured 1,400
 * units for a whole first purchase, 946 for a later one, 719 for a close; the limit doubles it).
 */
const UNITS_PER_TOKEN_STEP = 4_500;
const UNITS_PER_SYSTEM_STEP = 150;

/** A compute-unit limit for a plan and its two budget instructions, with a 2x margin. */
export function planUnitLimit(steps: readonly EscrowStep[]): number {
  const token = steps.filter((step) => step.kind === 'token').length;
  const system = steps.length - token + 2;
  return 2 * (token * UNITS_PER_TOKEN_STEP + system * UNITS_PER_SYSTEM_STEP);
}

/**
 * Who gets what an escrow account holds beyond the price (anyone may add to it): the buyer when
 * the seller's part is nothing (a refund), else the seller, as outcomePlan gives the seller all
 * that is not the buyer's part. The arbiter's close and the check of a claim both follow it.
 */
export const escrowSurplusTo = (parts: { sellerLamports: bigint }): 'seller' | 'buyer' =>
  parts.sellerLamports === 0n ? 'buyer' : 'seller';
