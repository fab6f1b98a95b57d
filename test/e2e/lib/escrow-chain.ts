import assert from 'node:assert/strict';
import { PublicKey, type Connection } from '@solana/web3.js';
import {
  NATIVE_MINT,
  REQUIRED_SIGNERS,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
} from '@src/domain/escrow-multisig';

/**
 * ESCROW_MODE=multisig seen from the chain alone: a transaction's balance changes from its meta
 * (pre and post balances, the fee and its payer), and the SPL Token accounts as the node's own
 * parser shows them. The test's oracle: nothing here comes from the product's code but the
 * program's constants.
 */
export interface Movement {
  signature: string;
  fee: bigint;
  feePayer: string;
  /** Every signature it carries (the first is its id). */
  signatures: string[];
  /** post − pre of every account the transaction names. */
  delta: Map<string, bigint>;
  /** Accounts that held nothing before and hold lamports after: what it created, and with how much. */
  created: Map<string, bigint>;
  /** Accounts that held lamports before and none after (a closed token account). */
  emptied: Map<string, bigint>;
}

/** A confirmed, successful transaction's movements (throws when it failed or is unknown). */
export async function movement(connection: Connection, signature: string): Promise<Movement> {
  const get = () =>
    connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
  let tx = await get();
  for (const deadline = Date.now() + 10_000; !tx && Date.now() < deadline; tx = await get()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!tx?.meta) throw new Error(`Transaction ${signature} is not on chain`);
  if (tx.meta.err) {
    throw new Error(`Transaction ${signature} failed: ${JSON.stringify(tx.meta.err)}`);
  }
  const keys = tx.transaction.message.staticAccountKeys.map((k) => k.toBase58());
  const { preBalances, postBalances, fee } = tx.meta;
  const delta = new Map<string, bigint>();
  const created = new Map<string, bigint>();
  const emptied = new Map<string, bigint>();
  keys.forEach((key, i) => {
    const pre = BigInt(preBalances[i]!);
    const post = BigInt(postBalances[i]!);
    delta.set(key, post - pre);
    if (pre === 0n && post > 0n) created.set(key, post);
    if (pre > 0n && post === 0n) emptied.set(key, pre);
  });
  return {
    signature,
    fee: BigInt(fee),
    feePayer: keys[0]!,
    signatures: tx.transaction.signatures,
    delta,
    created,
    emptied,
  };
}

/** The fee a party paid in a transaction: all of it when it is the fee payer, else none. */
export const feeOf = (m: Movement, address: string) => (m.feePayer === address ? m.fee : 0n);

/** The change of `address` in `m`, 0 when the transaction does not name it. */
export const deltaOf = (m: Movement, address: string) => m.delta.get(address) ?? 0n;

interface ParsedTokenAccount {
  mint: string;
  owner: string;
  state: string;
  isNative: boolean;
  tokenAmount: { amount: string };
  delegate?: string;
  closeAuthority?: string;
}

interface ParsedMultisig {
  numRequiredSigners: number;
  numValidSigners: number;
  isInitialized: boolean;
  signers: string[];
}

async function parsed<T>(connection: Connection, address: string, type: string) {
  const account = await connection.getParsedAccountInfo(new PublicKey(address), 'confirmed');
  const value = account.value;
  if (!value) return null;
  assert.equal(value.owner.toBase58(), TOKEN_PROGRAM, `${address} belongs to SPL Token`);
  const data = value.data as { parsed?: { type: string; info: T } };
  assert.equal(data.parsed?.type, type, `${address} is a token ${type}`);
  return { info: data.parsed!.info, lamports: BigInt(value.lamports) };
}

/** The token account's rent-exempt minimum as the chain asks it. */
export const tokenAccountRent = async (connection: Connection) =>
  BigInt(await connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE));

/**
 * Asserts that `escrow` is an open wrapped-SOL token account holding exactly `price` (and its
 * rent), with no delegate and no close authority, owned by a multisig that needs 2 of exactly
 * buyer, seller and arbiter. Answers the multisig's address.
 */
export async function assertEscrowHolds(
  connection: Connection,
  escrow: string,
  want: { price: bigint; buyer: string; seller: string; arbiter: string },
): Promise<string> {
  const account = await parsed<ParsedTokenAccount>(connection, escrow, 'account');
  assert.ok(account, `the escrow account ${escrow} exists`);
  const a = account.info;
  assert.equal(a.mint, NATIVE_MINT, 'it holds wrapped SOL');
  assert.equal(a.isNative, true);
  assert.equal(a.state, 'initialized');
  assert.equal(a.delegate, undefined, 'no delegate');
  assert.equal(a.closeAuthority, undefined, 'no close authority');
  assert.equal(BigInt(a.tokenAmount.amount), want.price, 'it holds exactly the price');
  assert.equal(
    account.lamports,
    want.price + (await tokenAccountRent(connection)),
    'its lamports are the price and the rent',
  );
  const multisig = await parsed<ParsedMultisig>(connection, a.owner, 'multisig');
  assert.ok(multisig, `its owner ${a.owner} is a multisig`);
  assert.equal(multisig.info.isInitialized, true);
  assert.equal(multisig.info.numRequiredSigners, REQUIRED_SIGNERS, 'it needs 2 signatures');
  assert.deepEqual(
    [...multisig.info.signers].sort(),
    [want.buyer, want.seller, want.arbiter].sort(),
    'its signers are exactly buyer, seller and arbiter',
  );
  assert.equal(multisig.info.numValidSigners, 3);
  return a.owner;
}

/** Asserts that the escrow account is closed: no account at its address any more. */
export async function assertClosed(connection: Connection, escrow: string): Promise<void> {
  const info = await connection.getAccountInfo(new PublicKey(escrow), 'confirmed');
  assert.equal(info, null, `the escrow account ${escrow} is closed`);
}

/** The escrow account a purchase paid into: the one account it created holding more than rent. */
export function escrowOf(m: Movement, price: bigint, rent: bigint): string {
  const into = [...m.created].filter(([, lamports]) => lamports === price + rent);
  assert.equal(into.length, 1, 'the purchase created one account holding the price and rent');
  return into[0]![0];
}
