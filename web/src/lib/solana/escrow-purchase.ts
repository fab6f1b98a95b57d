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
import { landTransaction, type LandOptions } from './land-transaction';
import {
  CreateTransactionError,
  InsufficientBalanceError,
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
  confirm?: Pick<LandOptions, 'timeoutMs' | 'intervalMs' | 'sleep'>;
}

/**
 * ESCROW_MODE=multisig: the buyer's one transaction puts the price into the order's own
 * wrapped-SOL account of the pair's 2-of-3 multisig (buyer, seller, arbiter), creating the
 * multisig on the pair's first order. Signed in the wallet, confirmed; returns the signature.
 */
export async function sendEscrowPurchase(input: EscrowPurchaseInput): Promise<string> {
  let transaction: Transaction;
  let lastValidBlockHeight: number;
  let balance: bigint;
  let fee: bigint;
  let cost: bigint;
  try {
    const buyer = new PublicKey(input.buyer);
    const nonce = new PublicKey(crypto.getRandomValues(new Uint8Array(32))).toBase58().slice(0, 20);
    const seed = escrowSeed(nonce);
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
    lastValidBlockHeight = latest.lastValidBlockHeight;
    transaction = new Transaction({ feePayer: buyer, ...latest }).add(
      ...budget,
      ...steps.map(toInstruction),
    );
    balance = BigInt(held);
    cost = input.lamports + BigInt(tokenRent) + (existing ? 0n : BigInt(multisigRent));
    const priced = await input.connection.getFeeForMessage(
      transaction.compileMessage(),
      'confirmed',
    );
    fee = priced.value === null ? BASE_FEE : BigInt(priced.value);
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  if (balance < cost + fee) throw new InsufficientBalanceError(balance, cost, fee);
  try {
    // The wallet sends it (one signing: its accounts' seeds are this attempt's); the status is
    // then watched until confirmed, or until its blockhash has expired unseen.
    const signature = await input.adapter.sendTransaction(transaction, input.connection, {
      preflightCommitment: 'confirmed',
    });
    return await landTransaction(
      input.connection,
      async () => ({ signature, wire: null, lastValidBlockHeight }),
      { ...input.confirm, signings: 1 },
    );
  } catch (error) {
    throw new TransactionFailedError(error);
  }
}
