import {
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  type Connection,
  type Transaction,
} from '@solana/web3.js';
import { TOKEN_PROGRAM } from '../../domain/escrow-multisig';

const CLOSE_ACCOUNT = 9;

/** What an offered close does, read from the transaction alone. */
export interface OfferedClose {
  /** The token account it closes (the escrow) and the authority it names for that. */
  escrow: string;
  authority: string;
  /** The other key that signs the close with the party (the arbiter, or the other party). */
  cosigner: string;
  feePayer: string;
  /** Lamports the party hands on in the same transaction (the other party's part or rent). */
  handedOn: { to: string; lamports: bigint }[];
}

/** The escrow account and its authority as the chain shows them, read by the party itself. */
export interface CloseFacts {
  /** Every lamport the escrow account holds (the price and its rent): what the close pays. */
  escrowLamports: bigint;
  /** The account's owner as the SPL Token program records it. */
  escrowAuthority: string;
  /** The signers of that authority, a multisig of buyer, seller and arbiter. */
  multisigSigners: readonly string[];
}

/**
 * Reads a close the server offers `party` to sign (a payout claimed in multisig mode), refusing
 * any transaction that could cost the party: it must close one escrow token account to the party,
 * who signs it with one other key and pays no fee; besides the compute budget, the only other
 * instructions allowed are transfers from the party (the hand-back of the other party's part).
 * Answers what it does, or the reason it is refused.
 */
export function readOfferedClose(tx: Transaction, party: string): OfferedClose | string {
  const feePayer = tx.feePayer?.toBase58();
  if (!feePayer) return 'it names no fee payer';
  if (feePayer === party) return 'it makes your wallet pay its fee';
  let close: Omit<OfferedClose, 'feePayer' | 'handedOn'> | null = null;
  const handedOn: OfferedClose['handedOn'] = [];
  for (const ix of tx.instructions) {
    if (ix.programId.equals(ComputeBudgetProgram.programId)) continue;
    if (ix.programId.equals(SystemProgram.programId)) {
      let transfer;
      try {
        if (SystemInstruction.decodeInstructionType(ix) !== 'Transfer') {
          return 'it has a System instruction other than a transfer';
        }
        transfer = SystemInstruction.decodeTransfer(ix);
      } catch {
        return 'it has a System instruction that does not decode';
      }
      if (transfer.fromPubkey.toBase58() !== party) return 'it moves lamports of another wallet';
      handedOn.push({ to: transfer.toPubkey.toBase58(), lamports: BigInt(transfer.lamports) });
      continue;
    }
    if (!ix.programId.equals(new PublicKey(TOKEN_PROGRAM))) {
      return `it calls a program other than the token, system and compute budget ones (${ix.programId.toBase58()})`;
    }
    if (close) return 'it has more than one token instruction';
    if (ix.data.length !== 1 || ix.data[0] !== CLOSE_ACCOUNT || ix.keys.length !== 5) {
      return 'its token instruction is not the close of an escrow account by two of its keys';
    }
    const [escrow, destination, authority, a, b] = ix.keys.map((k) => k.pubkey.toBase58()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (destination !== party) return 'it closes the escrow account to another wallet';
    if (a !== party && b !== party) return 'your key is not one of the close’s two signers';
    close = { escrow, authority, cosigner: a === party ? b : a };
  }
  if (!close) return 'it closes no escrow account';
  return { ...close, feePayer, handedOn };
}

/**
 * Checks a close against the chain: the account it closes is owned by the authority it names, a
 * multisig the party and the cosigner belong to; what the party hands on goes only to the
 * multisig's third key (with the arbiter as cosigner, the order's other party) and is less than
 * the close pays the party.
 */
export function closeProblem(close: OfferedClose, party: string, facts: CloseFacts): string | null {
  if (facts.escrowAuthority !== close.authority) {
    return 'the account it closes is not owned by the authority it names';
  }
  const members = new Set(facts.multisigSigners);
  if (!members.has(party) || !members.has(close.cosigner)) {
    return 'the account it closes is not an escrow of yours';
  }
  let out = 0n;
  for (const hand of close.handedOn) {
    if (hand.to === party || hand.to === close.cosigner || !members.has(hand.to)) {
      return `it sends lamports of yours to ${hand.to}, who is not the escrow's third key (the order's other party)`;
    }
    out += hand.lamports;
  }
  if (out >= facts.escrowLamports) return 'it hands on more than the escrow account pays you';
  return null;
}

/**
 * The escrow account and its multisig as the chain shows them at `confirmed`: null when the
 * account is not there (closed already); the reason to refuse when it is no token account owned
 * by a multisig.
 */
export async function closeFacts(
  connection: Connection,
  close: OfferedClose,
): Promise<CloseFacts | null | string> {
  const parsed = (value: unknown) =>
    (value as { data?: { parsed?: { type?: string; info?: Record<string, unknown> } } } | null)
      ?.data?.parsed;
  const {
    value: [escrow, multisig],
  } = await connection.getMultipleParsedAccounts(
    [new PublicKey(close.escrow), new PublicKey(close.authority)],
    { commitment: 'confirmed' },
  );
  if (!escrow) return null;
  const token = new PublicKey(TOKEN_PROGRAM);
  const account = parsed(escrow);
  if (!escrow.owner.equals(token) || account?.type !== 'account') {
    return 'the account it closes is not a token account';
  }
  const members = parsed(multisig);
  if (!multisig?.owner.equals(token) || members?.type !== 'multisig') {
    return 'the authority it names is not a multisig';
  }
  const owner = account.info?.owner;
  const signers = members.info?.signers;
  if (typeof owner !== 'string' || !Array.isArray(signers)) {
    return 'the chain does not show the account’s owner and the multisig’s signers';
  }
  return {
    escrowLamports: BigInt(escrow.lamports),
    escrowAuthority: owner,
    multisigSigners: signers.filter((s): s is string => typeof s === 'string'),
  };
}
