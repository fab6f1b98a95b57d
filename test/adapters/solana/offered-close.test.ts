import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  closeProblem,
  readOfferedClose,
  type CloseFacts,
  type OfferedClose,
} from '@src/adapters/solana/offered-close';
import { TOKEN_PROGRAM } from '@src/domain/escrow-multisig';

const key = () => Keypair.generate().publicKey;
const buyer = key();
const seller = key();
const arbiter = key();
const stranger = key();
const multisig = key();
const escrow = key();
const PRICE = 1_000_000_000n;
const RENT = 2_039_280n;

/** SPL Token CloseAccount (9): account, destination, owner (the multisig), its two signers. */
const closeTo = (destination: PublicKey, signers: PublicKey[] = [seller, arbiter], data = [9]) =>
  new TransactionInstruction({
    programId: new PublicKey(TOKEN_PROGRAM),
    keys: [
      { pubkey: escrow, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: multisig, isSigner: false, isWritable: false },
      ...signers.map((pubkey) => ({ pubkey, isSigner: true, isWritable: false })),
    ],
    data: Buffer.from(data),
  });

const pay = (from: PublicKey, to: PublicKey, lamports: bigint) =>
  SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports });

/** A close as the server builds it (the arbiter pays the fee), with these instructions. */
function offered(feePayer: PublicKey, ...instructions: TransactionInstruction[]) {
  return new Transaction({
    feePayer,
    blockhash: key().toBase58(),
    lastValidBlockHeight: 100,
  }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }),
    ...instructions,
  );
}

const chain: CloseFacts = {
  escrowLamports: PRICE + RENT,
  escrowAuthority: multisig.toBase58(),
  multisigSigners: [buyer, seller, arbiter].map((k) => k.toBase58()),
};

/** The reason a close is refused for `party` (null: it may be signed). */
function verdict(tx: Transaction, party: PublicKey, facts: CloseFacts = chain) {
  const read = readOfferedClose(tx, party.toBase58());
  return typeof read === 'string' ? read : closeProblem(read, party.toBase58(), facts);
}

describe('a close offered to a party to sign (multisig claims)', () => {
  it('is signed as the marketplace builds it: a release, a split, a refund', () => {
    // Release: the seller is paid, and hands the buyer back the rent the buyer put down.
    const release = offered(arbiter, closeTo(seller), pay(seller, buyer, RENT));
    expect(verdict(release, seller)).toBeNull();
    const read = readOfferedClose(release, seller.toBase58()) as OfferedClose;
    expect(read).toMatchObject({ escrow: escrow.toBase58(), cosigner: arbiter.toBase58() });
    // A split: the buyer's part and the rent go on to the buyer.
    expect(
      verdict(offered(arbiter, closeTo(seller), pay(seller, buyer, RENT + 400n)), seller),
    ).toBeNull();
    // A refund: all of it to the buyer, nothing handed on.
    expect(verdict(offered(arbiter, closeTo(buyer, [buyer, arbiter])), buyer)).toBeNull();
  });

  it('is refused when it would cost the party', () => {
    const cases: [string, Transaction, PublicKey, string][] = [
      ['fee', offered(seller, closeTo(seller)), seller, 'it makes your wallet pay its fee'],
      [
        'lamports to a stranger',
        offered(arbiter, closeTo(seller), pay(seller, stranger, RENT)),
        seller,
        `it sends lamports of yours to ${stranger.toBase58()}, who is not the escrow's third key (the order's other party)`,
      ],
      [
        'lamports to the arbiter',
        offered(arbiter, closeTo(seller), pay(seller, arbiter, RENT)),
        seller,
        `it sends lamports of yours to ${arbiter.toBase58()}, who is not the escrow's third key (the order's other party)`,
      ],
      [
        'more than the close pays',
        offered(arbiter, closeTo(seller), pay(seller, buyer, PRICE + RENT)),
        seller,
        'it hands on more than the escrow account pays you',
      ],
      [
        'closed to another wallet',
        offered(arbiter, closeTo(arbiter)),
        seller,
        'it closes the escrow account to another wallet',
      ],
      [
        'not signed by the party',
        offered(arbiter, closeTo(seller, [buyer, arbiter])),
        seller,
        'your key is not one of the close’s two signers',
      ],
      [
        'a token transfer',
        offered(arbiter, closeTo(seller, [seller, arbiter], [3, 1, 0, 0, 0, 0, 0, 0, 0])),
        seller,
        'its token instruction is not the close of an escrow account by two of its keys',
      ],
      [
        'two token instructions',
        offered(arbiter, closeTo(seller), closeTo(seller)),
        seller,
        'it has more than one token instruction',
      ],
      ['no close', offered(arbiter, pay(seller, buyer, 1n)), seller, 'it closes no escrow account'],
      [
        'another program',
        offered(
          arbiter,
          closeTo(seller),
          new TransactionInstruction({ programId: stranger, keys: [], data: Buffer.alloc(0) }),
        ),
        seller,
        `it calls a program other than the token, system and compute budget ones (${stranger.toBase58()})`,
      ],
      [
        'a System assign',
        offered(
          arbiter,
          closeTo(seller),
          SystemProgram.assign({ accountPubkey: seller, programId: stranger }),
        ),
        seller,
        'it has a System instruction other than a transfer',
      ],
      [
        "another wallet's lamports",
        offered(arbiter, closeTo(seller), pay(buyer, stranger, 1n)),
        seller,
        'it moves lamports of another wallet',
      ],
    ];
    for (const [what, tx, party, reason] of cases) expect(verdict(tx, party), what).toBe(reason);
  });

  it('is refused when the chain does not show an escrow of the party’s', () => {
    const release = offered(arbiter, closeTo(seller), pay(seller, buyer, RENT));
    expect(verdict(release, seller, { ...chain, escrowAuthority: stranger.toBase58() })).toBe(
      'the account it closes is not owned by the authority it names',
    );
    const othersEscrow = [buyer, stranger, arbiter].map((k) => k.toBase58());
    expect(verdict(release, seller, { ...chain, multisigSigners: othersEscrow })).toBe(
      'the account it closes is not an escrow of yours',
    );
  });
});
