import { Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEscrowOutcome,
  buildEscrowPurchase,
  toInstruction,
} from '@src/adapters/solana/escrow-multisig';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);
const PRICE = (3n * SOL) / 2n;

describe('multisig escrow transactions on the local chain', () => {
  let t: TestChain;
  const arbiter = Keypair.generate();

  beforeAll(async () => {
    t = await startTestChain();
    await t.fund(arbiter, 1);
  });
  afterAll(() => t.stop());

  async function newPair() {
    const buyer = Keypair.generate();
    const seller = Keypair.generate();
    await Promise.all([t.fund(buyer, 5), t.fund(seller, 1)]);
    return { buyer, seller };
  }

  const parties = (buyer: Keypair, seller: Keypair) => ({
    buyer: buyer.publicKey.toBase58(),
    seller: seller.publicKey.toBase58(),
    arbiter: arbiter.publicKey.toBase58(),
  });

  async function buy(buyer: Keypair, seller: Keypair) {
    const p = await buildEscrowPurchase(t.connection, {
      ...parties(buyer, seller),
      lamports: PRICE,
    });
    p.transaction.sign(buyer);
    const signature = await sendAndConfirm(t.connection, p.transaction);
    return { ...p, signature };
  }

  const balance = async (k: Keypair | string) =>
    BigInt(await t.connection.getBalance(typeof k === 'string' ? new PublicKey(k) : k.publicKey));

  const send = (tx: Transaction, ...signers: Keypair[]) => {
    tx.sign(...signers);
    return sendAndConfirm(t.connection, tx);
  };

  it('puts exactly the price in a wrapped-SOL account of a 2-of-3 multisig, the buyer signing alone', async () => {
    const { buyer, seller } = await newPair();
    const before = await balance(buyer);
    const bought = await buy(buyer, seller);
    expect(bought.transaction.serialize().length).toBeLessThanOrEqual(1232);
    const escrow = await t.connection.getParsedAccountInfo(new PublicKey(bought.escrow));
    expect(escrow.value?.data).toMatchObject({
      parsed: {
        type: 'account',
        info: {
          isNative: true,
          owner: bought.multisig,
          tokenAmount: { amount: String(PRICE) },
          rentExemptReserve: { amount: String(bought.rent.tokenAccount) },
        },
      },
    });
    const multisig = await t.connection.getParsedAccountInfo(new PublicKey(bought.multisig));
    expect(multisig.value?.data).toMatchObject({
      parsed: {
        type: 'multisig',
        info: {
          numRequiredSigners: 2,
          numValidSigners: 3,
          signers: Object.values(parties(buyer, seller)),
        },
      },
    });
    const tx = await t.connection.getTransaction(bought.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(before - (await balance(buyer))).toBe(
      PRICE + bought.rent.multisig + bought.rent.tokenAccount + BigInt(tx!.meta!.fee),
    );
    // The rent of each, measured here: 3,361,680 (multisig, once per pair) and 2,039,280.
    expect(bought.rent).toEqual({ multisig: 3_361_680n, tokenAccount: 2_039_280n });
  });

  it('reuses the pair’s multisig for the next order between the same buyer and seller', async () => {
    const { buyer, seller } = await newPair();
    const first = await buy(buyer, seller);
    const second = await buy(buyer, seller);
    expect(second.multisig).toBe(first.multisig);
    expect(second.escrow).not.toBe(first.escrow);
    expect(second.rent.multisig).toBe(0n);
  });

  /** A bare CloseAccount of the escrow to `to`, by `signers` (as multisig signers). */
  async function closeBy(
    bought: { escrow: string; multisig: string },
    to: PublicKey,
    feePayer: Keypair,
    signers: Keypair[],
  ) {
    const close = toInstruction({
      kind: 'token',
      accounts: [
        { address: bought.escrow, isSigner: false, isWritable: true },
        { address: to.toBase58(), isSigner: false, isWritable: true },
        { address: bought.multisig, isSigner: false, isWritable: false },
        ...signers.map((k) => ({
          address: k.publicKey.toBase58(),
          isSigner: true,
          isWritable: false,
        })),
      ],
      data: [9],
    });
    const { blockhash, lastValidBlockHeight } = await t.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: feePayer.publicKey, blockhash, lastValidBlockHeight });
    return send(tx.add(close), feePayer, ...new Set(signers));
  }

  it('does not let the arbiter alone move an order’s escrow, even naming its key twice', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    await expect(closeBy(bought, arbiter.publicKey, arbiter, [arbiter])).rejects.toThrow(
      /missing required signature/,
    );
    await expect(closeBy(bought, arbiter.publicKey, arbiter, [arbiter, arbiter])).rejects.toThrow(
      /missing required signature/,
    );
    // Nor does a stranger's signature make a second one.
    const stranger = Keypair.generate();
    await t.fund(stranger, 1);
    await expect(closeBy(bought, arbiter.publicKey, arbiter, [arbiter, stranger])).rejects.toThrow(
      /missing required signature/,
    );
    expect(await balance(bought.escrow)).toBe(PRICE + bought.rent.tokenAccount);
  });

  it('does not let the seller alone, or the buyer alone, move it either', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    await expect(closeBy(bought, seller.publicKey, seller, [seller])).rejects.toThrow(
      /missing required signature/,
    );
    await expect(closeBy(bought, buyer.publicKey, buyer, [buyer])).rejects.toThrow(
      /missing required signature/,
    );
    expect(await balance(bought.escrow)).toBe(PRICE + bought.rent.tokenAccount);
  });

  it('releases to the seller with seller and arbiter: the seller gets the price, the buyer the rent', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const [buyerBefore, sellerBefore] = [await balance(buyer), await balance(seller)];
    const { transaction, signers } = await buildEscrowOutcome(t.connection, {
      ...parties(buyer, seller),
      outcome: 'release',
      escrow: bought.escrow,
    });
    expect(signers).toEqual([seller.publicKey.toBase58(), arbiter.publicKey.toBase58()]);
    await send(transaction, arbiter, seller);
    expect((await balance(seller)) - sellerBefore).toBe(PRICE);
    expect((await balance(buyer)) - buyerBefore).toBe(bought.rent.tokenAccount);
    expect(await t.connection.getAccountInfo(new PublicKey(bought.escrow))).toBeNull();
  });

  const feeOf = async (signature: string) => {
    const tx = await t.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    return BigInt(tx!.meta!.fee);
  };

  it('refunds the buyer with buyer and arbiter: the price and the rent, the seller untouched', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const [buyerBefore, sellerBefore] = [await balance(buyer), await balance(seller)];
    const { transaction, signers } = await buildEscrowOutcome(t.connection, {
      ...parties(buyer, seller),
      outcome: 'refund',
      escrow: bought.escrow,
    });
    expect(signers).toEqual([buyer.publicKey.toBase58(), arbiter.publicKey.toBase58()]);
    await send(transaction, arbiter, buyer);
    expect((await balance(buyer)) - buyerBefore).toBe(PRICE + bought.rent.tokenAccount);
    expect(await balance(seller)).toBe(sellerBefore);
  });

  it('releases with buyer and seller alone (the buyer confirms), no arbiter; the seller pays the fee', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const [buyerBefore, sellerBefore, arbiterBefore] = [
      await balance(buyer),
      await balance(seller),
      await balance(arbiter),
    ];
    const { transaction } = await buildEscrowOutcome(t.connection, {
      ...parties(buyer, seller),
      outcome: 'release',
      by: 'parties',
      escrow: bought.escrow,
    });
    const signature = await send(transaction, seller, buyer);
    expect((await balance(seller)) - sellerBefore).toBe(PRICE - (await feeOf(signature)));
    expect((await balance(buyer)) - buyerBefore).toBe(bought.rent.tokenAccount);
    expect(await balance(arbiter)).toBe(arbiterBefore);
  });

  it('refunds with seller and buyer when the seller cancels; the buyer pays the fee', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const [buyerBefore, sellerBefore] = [await balance(buyer), await balance(seller)];
    const { transaction } = await buildEscrowOutcome(t.connection, {
      ...parties(buyer, seller),
      outcome: 'refund',
      by: 'parties',
      escrow: bought.escrow,
    });
    const signature = await send(transaction, buyer, seller);
    expect((await balance(buyer)) - buyerBefore).toBe(
      PRICE + bought.rent.tokenAccount - (await feeOf(signature)),
    );
    expect(await balance(seller)).toBe(sellerBefore);
  });

  it('splits with seller and arbiter: each gets exactly its part, the buyer the rent too', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const [buyerBefore, sellerBefore] = [await balance(buyer), await balance(seller)];
    const toBuyer = SOL / 2n;
    const { transaction } = await buildEscrowOutcome(t.connection, {
      ...parties(buyer, seller),
      outcome: 'release',
      escrow: bought.escrow,
      toBuyer,
    });
    await send(transaction, arbiter, seller);
    expect((await balance(seller)) - sellerBefore).toBe(PRICE - toBuyer);
    expect((await balance(buyer)) - buyerBefore).toBe(toBuyer + bought.rent.tokenAccount);
  });

  it('lets one outcome land only: once released, the refund fails and moves nothing', async () => {
    const { buyer, seller } = await newPair();
    const bought = await buy(buyer, seller);
    const all = { ...parties(buyer, seller), escrow: bought.escrow };
    const release = await buildEscrowOutcome(t.connection, { ...all, outcome: 'release' });
    const refund = await buildEscrowOutcome(t.connection, { ...all, outcome: 'refund' });
    await send(release.transaction, arbiter, seller);
    const buyerBefore = await balance(buyer);
    await expect(send(refund.transaction, arbiter, buyer)).rejects.toThrow();
    expect(await balance(buyer)).toBe(buyerBefore);
  });
});
