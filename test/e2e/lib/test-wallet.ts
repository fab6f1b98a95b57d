import { ed25519 } from '@noble/curves/ed25519';
import {
  SystemProgram,
  VersionedTransaction,
  type Connection,
  type Keypair,
  type VersionedMessage,
} from '@solana/web3.js';
import bs58 from 'bs58';

export interface Transfer {
  from: string;
  to: string;
  lamports: bigint;
}

export type SignRequest =
  | { kind: 'connect'; silent: boolean }
  | { kind: 'disconnect' }
  | { kind: 'message'; text: string; signature: string }
  | { kind: 'transaction'; sent: boolean; transfers: Transfer[]; signature: string };

/** Reads every System Program transfer out of a transaction's message. */
export function transfersOf(tx: { message: VersionedMessage }): Transfer[] {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  return tx.message.compiledInstructions.flatMap((ix) => {
    const data = Buffer.from(ix.data);
    if (keys[ix.programIdIndex] !== SystemProgram.programId.toBase58()) return [];
    if (data.length < 12 || data.readUInt32LE(0) !== 2) return [];
    const [from, to] = ix.accountKeyIndexes.map((i) => keys[i]!);
    return [{ from: from!, to: to!, lamports: data.readBigUInt64LE(4) }];
  });
}

/**
 * The test process's half of a fake wallet: holds the key, signs what the page asks, checks
 * every signature it makes, and keeps a journal the steps assert on.
 */
export class TestWallet {
  readonly journal: SignRequest[] = [];
  /** When set, the next signing request is refused with this message. */
  refuseNext: string | null = null;

  constructor(
    readonly label: string,
    readonly keypair: Keypair,
    private readonly connection: Connection,
  ) {}

  get address(): string {
    return this.keypair.publicKey.toBase58();
  }

  get transactions() {
    return this.journal.flatMap((r) => (r.kind === 'transaction' ? [r] : []));
  }

  get messages() {
    return this.journal.flatMap((r) => (r.kind === 'message' ? [r] : []));
  }

  /** What `window.__e2eWallet(kind, base64)` answers in the page. */
  async handle(kind: string, payloadB64: string): Promise<string> {
    if (kind === 'connect' || kind === 'connect-silent') {
      this.journal.push({ kind: 'connect', silent: kind === 'connect-silent' });
      return '';
    }
    if (kind === 'disconnect') {
      this.journal.push({ kind: 'disconnect' });
      return '';
    }
    if (this.refuseNext) {
      const why = this.refuseNext;
      this.refuseNext = null;
      throw new Error(why);
    }
    const bytes = Buffer.from(payloadB64, 'base64');
    if (kind === 'signMessage') return Buffer.from(this.signMessage(bytes)).toString('base64');
    const tx = this.signTransaction(bytes, kind !== 'signTransaction');
    if (kind === 'signTransaction') return Buffer.from(tx.serialize()).toString('base64');
    const signature = await this.connection.sendRawTransaction(tx.serialize(), {
      preflightCommitment: 'confirmed',
    });
    return kind.endsWith(':base58')
      ? signature
      : Buffer.from(bs58.decode(signature)).toString('base64');
  }

  signMessage(message: Uint8Array): Uint8Array {
    const signature = ed25519.sign(message, this.keypair.secretKey.slice(0, 32));
    if (!ed25519.verify(signature, message, this.keypair.publicKey.toBytes())) {
      throw new Error(`${this.label}: a message signature did not verify`);
    }
    const text = new TextDecoder().decode(message);
    this.journal.push({ kind: 'message', text, signature: bs58.encode(signature) });
    return signature;
  }

  signTransaction(bytes: Uint8Array, sent: boolean): VersionedTransaction {
    const tx = VersionedTransaction.deserialize(bytes);
    const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
    if (!signers.some((k) => k.equals(this.keypair.publicKey))) {
      throw new Error(`${this.label}: asked to sign a transaction it is not a signer of`);
    }
    tx.sign([this.keypair]);
    const index = signers.findIndex((k) => k.equals(this.keypair.publicKey));
    const message = tx.message.serialize();
    if (!ed25519.verify(tx.signatures[index]!, message, this.keypair.publicKey.toBytes())) {
      throw new Error(`${this.label}: a transaction signature did not verify`);
    }
    const signature = bs58.encode(tx.signatures[index]!);
    this.journal.push({ kind: 'transaction', sent, transfers: transfersOf(tx), signature });
    return tx;
  }
}
