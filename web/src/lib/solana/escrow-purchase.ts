import {
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type Connection,
} from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import {
  escrowSeed,
  MULTISIG_SIZE,
  multisigSeed,
  planUnitLimit,
  purchasePlan,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
  type EscrowStep,
} from '@src/domain/escrow-multisig';
import { budgetOfUnits } from './compute-budget';
import { landTransaction, type Attempt, type LandOptions } from './land-transaction';
import {
  CreateTransactionError,
  InsufficientBalanceError,
  signAndSend,
  TransactionFailedError,
} from './send-transfer';

const TOKEN = new PublicKey(TOKEN_PROGRAM);
const BASE_FEE = 5_000n;

/** A plan's step as web3.js holds it (the server's twin is in src/adapters/solana). */
function toInstruction(step: EscrowStep): TransactionInstruction {
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

export interface EscrowPurchaseInput {
  adapter: Adapter;
  connection: Connection;
  buyer: string;
  seller: string;
  arbiter: string;
  /** Exact price: solToLamports(price). */
  lamports: bigint;
  onStep?: LandOptions['onStep'];
  confirm?: Pick<LandOptions, 'timeoutMs' | 'intervalMs' | 'resendMs' | 'sleep' | 'signings'>;
}

interface Built {
  transaction: Transaction;
  lastValidBlockHeight: number;
  /** What the buyer needs beyond the fee (price and rents), what it holds, and the fee. */
  cost: bigint;
  balance: bigint;
  fee: bigint;
}

/**
 * The plan on a fresh blockhash: the pair's multisig created if it is not on chain yet, this
 * order's escrow account at `seed`, the price, syncNative, with its compute budget and fee.
 */
async function build(input: EscrowPurchaseInput, seed: string): Promise<Built> {
  const buyer = new PublicKey(input.buyer);
  const [multisig, escrow] = await Promise.all([
    PublicKey.createWithSeed(buyer, multisigSeed(input.seller, input.arbiter), TOKEN),
    PublicKey.createWithSeed(buyer, seed, TOKEN),
  ]);
  const [latest, existing, multisigRent, tokenRent, held] = await Promise.all([
    input.connection.getLatestBlockhash('confirmed'),
    input.connection.getAccountInfo(multisig, 'confirmed'),
    input.connection.getMinimumBalanceForRentExemption(MULTISIG_SIZE),
    input.connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE),
    input.connection.getBalance(buyer, 'confirmed'),
  ]);
  const steps = purchasePlan({
    buyer: input.buyer,
    seller: input.seller,
    arbiter: input.arbiter,
    multisig: multisig.toBase58(),
    escrow: escrow.toBase58(),
    escrowSeed: seed,
    createMultisig: !existing,
    lamports: input.lamports,
    rent: { multisig: BigInt(multisigRent), tokenAccount: BigInt(tokenRent) },
  });
  const budget = await budgetOfUnits(
    input.connection,
    [buyer, multisig, escrow],
    planUnitLimit(steps),
  );
  const transaction = new Transaction({ feePayer: buyer, ...latest }).add(
    ...budget,
    ...steps.map(toInstruction),
  );
  const priced = await input.connection.getFeeForMessage(transaction.compileMessage(), 'confirmed');
  return {
    transaction,
    lastValidBlockHeight: latest.lastValidBlockHeight,
    cost: input.lamports + BigInt(tokenRent) + (existing ? 0n : BigInt(multisigRent)),
    balance: BigInt(held),
    fee: priced.value === null ? BASE_FEE : BigInt(priced.value),
  };
}

/**
 * ESCROW_MODE=multisig: the buyer's one transaction puts the price into the order's own
 * wrapped-SOL account of the pair's 2-of-3 multisig (buyer, seller, arbiter), creating the
 * multisig on the pair's first order. Landed as a wallet-mode payment is (landTransaction): the
 * same signed bytes re-sent while its blockhash lives, a new signing only once it can no longer
 * land. Every signing uses the same escrow account: an earlier one that expired unseen created
 * nothing. Returns the signature that landed.
 */
export async function sendEscrowPurchase(input: EscrowPurchaseInput): Promise<string> {
  const nonce = new PublicKey(crypto.getRandomValues(new Uint8Array(32))).toBase58().slice(0, 20);
  const seed = escrowSeed(nonce);
  let next: Built | null;
  try {
    next = await build(input, seed);
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  if (next.balance < next.cost + next.fee) {
    throw new InsufficientBalanceError(next.balance, next.cost, next.fee);
  }
  const sign = async (): Promise<Attempt> => {
    let built = next;
    next = null;
    if (!built) {
      try {
        built = await build(input, seed);
      } catch (error) {
        throw new CreateTransactionError(error);
      }
    }
    return signAndSend(input.adapter, input.connection, built);
  };
  try {
    return await landTransaction(input.connection, sign, {
      ...input.confirm,
      onStep: input.onStep,
    });
  } catch (error) {
    if (error instanceof CreateTransactionError) throw error;
    throw new TransactionFailedError(error);
  }
}
