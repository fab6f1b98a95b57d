import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type Connection,
  type Keypair,
} from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import type { EscrowCosigner, EscrowVerifier } from '../../app/ports';
import { conflict } from '../../domain/errors';
import {
  escrowSeed,
  MULTISIG_SIZE,
  multisigSeed,
  outcomePlan,
  outcomeSigners,
  paymentRefundPlan,
  planUnitLimit,
  purchasePlan,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
  type EscrowOutcome,
  type EscrowParties,
  type EscrowStep,
} from '../../domain/escrow-multisig';
import { priorityFee } from '../../domain/fees';
import { signTransaction } from './native-ed25519';

const TOKEN = new PublicKey(TOKEN_PROGRAM);

/** A plan's step as web3.js holds it. */
export function toInstruction(step: EscrowStep): TransactionInstruction {
  switch (step.kind) {
    case 'createWithSeed':
      return SystemProgram.createAccountWithSeed({
        fromPubkey: new PublicKey(step.from),
        basePubkey: new PublicKey(step.base),
        seed: step.seed,
        newAccountPubkey: new PublicKey(step.account),
        lamports: Number(step.lamports),
        space: step.space,
        programId: new PublicKey(step.owner),
      });
    case 'transfer':
      return SystemProgram.transfer({
        fromPubkey: new PublicKey(step.from),
        toPubkey: new PublicKey(step.to),
        lamports: step.lamports,
      });
    case 'token':
      return new TransactionInstruction({
        programId: TOKEN,
        keys: step.accounts.map((a) => ({
          pubkey: new PublicKey(a.address),
          isSigner: a.isSigner,
          isWritable: a.isWritable,
        })),
        data: Buffer.from(step.data),
      });
  }
}

/** The pair's multisig: derived from the buyer's key, one per seller and arbiter. */
export async function pairMultisig(parties: EscrowParties): Promise<string> {
  const seed = multisigSeed(parties.seller, parties.arbiter);
  return (await PublicKey.createWithSeed(new PublicKey(parties.buyer), seed, TOKEN)).toBase58();
}

/** One order's escrow token account, derived from the buyer's key and the order's seed. */
export async function escrowAccountOf(buyer: string, seed: string): Promise<string> {
  return (await PublicKey.createWithSeed(new PublicKey(buyer), seed, TOKEN)).toBase58();
}

/** A fresh random seed for one order's escrow account (the buyer picks it). */
export function newEscrowSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return escrowSeed(new PublicKey(bytes).toBase58().slice(0, 20));
}

async function unsigned(
  connection: Connection,
  feePayer: string,
  steps: EscrowStep[],
): Promise<Transaction> {
  const writable = [
    ...new Set(
      steps.flatMap((step) =>
        step.kind === 'token'
          ? step.accounts.filter((a) => a.isWritable).map((a) => a.address)
          : step.kind === 'transfer'
            ? [step.from, step.to]
            : [step.from, step.account],
      ),
    ),
  ];
  const [{ blockhash, lastValidBlockHeight }, recent] = await Promise.all([
    connection.getLatestBlockhash('confirmed'),
    connection
      .getRecentPrioritizationFees({
        lockedWritableAccounts: writable.map((a) => new PublicKey(a)),
      })
      .then((fees) => fees.map((f) => f.prioritizationFee))
      .catch(() => []),
  ]);
  return new Transaction({
    feePayer: new PublicKey(feePayer),
    blockhash,
    lastValidBlockHeight,
  }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: planUnitLimit(steps) }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: priorityFee(recent) }),
    ...steps.map(toInstruction),
  );
}

export interface EscrowPurchase {
  /** Unsigned: the buyer signs it alone (fee payer and every lamport). */
  transaction: Transaction;
  multisig: string;
  escrow: string;
  /** Lamports the buyer puts down besides the price: the multisig's rent (first order only) and the escrow's. */
  rent: { multisig: bigint; tokenAccount: bigint };
}

/**
 * The buyer's purchase in multisig mode: the pair's multisig if it does not exist yet, the order's
 * wrapped-SOL account owned by it, the price into it, syncNative; on a fresh blockhash.
 */
export async function buildEscrowPurchase(
  connection: Connection,
  p: EscrowParties & { lamports: bigint; seed?: string },
): Promise<EscrowPurchase> {
  const seed = p.seed ?? newEscrowSeed();
  const [multisig, escrow] = await Promise.all([pairMultisig(p), escrowAccountOf(p.buyer, seed)]);
  const [existing, multisigRent, tokenRent] = await Promise.all([
    connection.getAccountInfo(new PublicKey(multisig), 'confirmed'),
    connection.getMinimumBalanceForRentExemption(MULTISIG_SIZE),
    connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE),
  ]);
  const rent = {
    multisig: existing ? 0n : BigInt(multisigRent),
    tokenAccount: BigInt(tokenRent),
  };
  const steps = purchasePlan({
    ...p,
    multisig,
    escrow,
    escrowSeed: seed,
    createMultisig: !existing,
    rent: { multisig: BigInt(multisigRent), tokenAccount: rent.tokenAccount },
  });
  return { transaction: await unsigned(connection, p.buyer, steps), multisig, escrow, rent };
}

export interface OutcomeInput extends EscrowParties {
  outcome: EscrowOutcome;
  /** Who signs besides the party paid: the arbiter (the default) or the other party. */
  by?: 'arbiter' | 'parties';
  escrow: string;
  /** Of the price, what goes to the buyer; by default all on a refund, nothing on a release. */
  toBuyer?: bigint;
}

/**
 * An outcome on a fresh blockhash, unsigned: CloseAccount of the order's escrow by two of the
 * three keys (and the hand-back of the buyer's rent or part). The arbiter's signature, when it is
 * one of the two, is the admin's decision, and the arbiter then pays the fee (as the escrow wallet
 * does in wallet mode); between buyer and seller alone, the party paid does.
 */
export async function buildEscrowOutcome(
  connection: Connection,
  o: OutcomeInput,
): Promise<{ transaction: Transaction; signers: [string, string]; lamports: bigint }> {
  const account = await connection.getParsedAccountInfo(new PublicKey(o.escrow), 'confirmed');
  const data = account.value?.data;
  const info =
    data && 'parsed' in data
      ? (data.parsed as {
          info?: { tokenAmount?: { amount: string }; rentExemptReserve?: { amount: string } };
        })
      : null;
  const amount = info?.info?.tokenAmount?.amount;
  const reserve = info?.info?.rentExemptReserve?.amount;
  if (!account.value || amount === undefined || reserve === undefined) {
    // Closed already (its close landed): a 409 that says so, not a fault of the server's.
    throw conflict(
      `The escrow account ${o.escrow} is not open on chain: it was closed already; ` +
        'if you sent its close, report that transaction’s signature',
    );
  }
  const lamports = BigInt(amount);
  const signers = outcomeSigners(o.outcome, o.by ?? 'arbiter');
  const steps = outcomePlan({
    ...o,
    multisig: await pairMultisig(o),
    rent: BigInt(reserve),
    lamports,
    toBuyer: o.toBuyer ?? (o.outcome === 'refund' ? lamports : 0n),
    signers,
  });
  // As in wallet mode, the marketplace pays a payout's fee where its key signs.
  const payer = signers.includes('arbiter')
    ? o.arbiter
    : o.outcome === 'release'
      ? o.seller
      : o.buyer;
  return {
    transaction: await unsigned(connection, payer, steps),
    signers: [o[signers[0]], o[signers[1]]],
    lamports,
  };
}

/**
 * The refund of a payment that bought nothing, unsigned: its escrow account closed to the buyer
 * by buyer and arbiter (the fee payer), the account's owner (the multisig) read from the chain.
 */
export async function buildEscrowRefund(
  connection: Connection,
  o: { buyer: string; arbiter: string; escrow: string },
): Promise<Transaction> {
  const account = await connection.getParsedAccountInfo(new PublicKey(o.escrow), 'confirmed');
  const data = account.value?.data;
  const info =
    data && 'parsed' in data ? (data.parsed as { info?: { owner?: string } }).info : undefined;
  if (!account.value || !account.value.owner.equals(TOKEN) || !info?.owner) {
    // Closed already (its close landed): a 409 that says so, not a fault of the server's.
    throw conflict(
      `The escrow account ${o.escrow} is not open on chain: it was closed already; ` +
        'if you sent its close, report that transaction’s signature',
    );
  }
  const steps = paymentRefundPlan({ ...o, multisig: info.owner });
  return unsigned(connection, o.arbiter, steps);
}

type SignedClose = { transaction: string; lastValidBlockHeight: bigint };

/**
 * How long a signed close is handed out again to whoever asks for the same one: well within its
 * blockhash's life (150 slots, about 60 s), so the party has time to land it.
 */
export const OFFER_KEPT_MS = 20_000;

/** The server's half of an outcome, with the arbiter's key (multisig mode). */
export class KeypairEscrowCosigner implements EscrowCosigner {
  /**
   * Closes signed lately, by what they close: asked again, the same transaction. A party asking
   * over and over (120 a minute) would otherwise collect as many closes, each on a new blockhash,
   * and land them one after another: all but the first fail, and each failure costs the arbiter
   * its fee. The same close landed twice is refused by the chain for free.
   */
  private readonly offered = new LRUCache<string, SignedClose>({
    max: 10_000,
    ttl: OFFER_KEPT_MS,
  });

  constructor(
    private readonly connection: Connection,
    private readonly arbiter: Keypair,
    /** Finds the order's escrow account from its payment (the chain adapter). */
    private readonly escrows: Pick<EscrowVerifier, 'escrowHolding'>,
  ) {}

  private async once(key: string, sign: () => Promise<SignedClose>): Promise<SignedClose> {
    const kept = this.offered.get(key);
    if (kept) return kept;
    const close = await sign();
    this.offered.set(key, close);
    return close;
  }

  prepareOutcome(o: Parameters<EscrowCosigner['prepareOutcome']>[0]) {
    const key = [
      'outcome',
      o.paymentSignature,
      o.escrowAccount ?? '',
      o.buyer,
      o.seller,
      o.outcome,
      String(o.lamports),
      o.toBuyer === undefined ? '' : String(o.toBuyer),
    ].join('|');
    return this.once(key, () => this.signOutcome(o));
  }

  private async signOutcome(o: Parameters<EscrowCosigner['prepareOutcome']>[0]) {
    const escrow = o.escrowAccount ?? (await this.escrows.escrowHolding(o)).account;
    if (!escrow) throw new Error(`The payment ${o.paymentSignature} names no escrow account`);
    const { transaction } = await buildEscrowOutcome(this.connection, {
      buyer: o.buyer,
      seller: o.seller,
      outcome: o.outcome,
      toBuyer: o.toBuyer,
      arbiter: this.arbiter.publicKey.toBase58(),
      escrow,
    });
    signTransaction(transaction, this.arbiter);
    return {
      transaction: transaction.serialize({ requireAllSignatures: false }).toString('base64'),
      lastValidBlockHeight: BigInt(transaction.lastValidBlockHeight!),
    };
  }

  prepareRefund(o: { escrowAccount: string; buyer: string }) {
    return this.once(['refund', o.escrowAccount, o.buyer].join('|'), () => this.signRefund(o));
  }

  private async signRefund(o: { escrowAccount: string; buyer: string }) {
    const transaction = await buildEscrowRefund(this.connection, {
      buyer: o.buyer,
      arbiter: this.arbiter.publicKey.toBase58(),
      escrow: o.escrowAccount,
    });
    signTransaction(transaction, this.arbiter);
    return {
      transaction: transaction.serialize({ requireAllSignatures: false }).toString('base64'),
      lastValidBlockHeight: BigInt(transaction.lastValidBlockHeight!),
    };
  }
}
