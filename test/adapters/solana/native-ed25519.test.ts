import { ed25519 } from '@noble/curves/ed25519';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  serializeChecked,
  signBytes,
  signTransaction,
  verifyBytes,
} from '@src/adapters/solana/native-ed25519';
import { walletSignatures } from '@src/adapters/solana/wallet-signatures';
import bs58 from 'bs58';

const BLOCKHASH = {
  blockhash: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
  lastValidBlockHeight: 9,
};

/** A transfer from `payer`, with `cosigner` (if any) as a second signer. */
function transfer(payer: Keypair, cosigner?: Keypair) {
  const tx = new Transaction({ feePayer: payer.publicKey, ...BLOCKHASH }).add(
    SystemProgram.transfer({
      fromPubkey: (cosigner ?? payer).publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1_000n,
    }),
  );
  return tx;
}

describe('native ed25519 (node crypto) for the keys the server holds', () => {
  it('signs byte for byte as web3.js does (ed25519 is deterministic)', () => {
    for (let i = 0; i < 5; i += 1) {
      const payer = Keypair.generate();
      const ours = signTransaction(transfer(payer), payer);
      const theirs = Transaction.from(ours.serialize({ verifySignatures: false }));
      theirs.signatures = [];
      theirs.sign(payer);
      expect(ours.signature).toEqual(theirs.signature);
      expect(serializeChecked(ours)).toEqual(theirs.serialize());
      const message = Buffer.from(`message ${i}`);
      expect(new Uint8Array(signBytes(payer, message))).toEqual(
        ed25519.sign(message, payer.secretKey.subarray(0, 32)),
      );
    }
  });

  it('leaves the other signers’ signatures as they are, like partialSign', () => {
    const payer = Keypair.generate();
    const cosigner = Keypair.generate();
    const tx = transfer(payer, cosigner);
    tx.partialSign(cosigner);
    const theirs = Buffer.from(
      tx.signatures.find((s) => s.publicKey.equals(cosigner.publicKey))!.signature!,
    );
    signTransaction(tx, payer);
    const mine = tx.signatures.find((s) => s.publicKey.equals(cosigner.publicKey))!.signature!;
    expect(Buffer.from(mine)).toEqual(theirs);
    expect(() => serializeChecked(tx)).not.toThrow();
  });

  it('refuses to serialize a transaction with a signature missing or wrong', () => {
    const payer = Keypair.generate();
    const cosigner = Keypair.generate();
    const missing = signTransaction(transfer(payer, cosigner), payer);
    expect(() => serializeChecked(missing)).toThrow(
      `Signature verification failed.\nMissing signature for public key [\`${cosigner.publicKey.toBase58()}\`].`,
    );
    const wrong = signTransaction(transfer(payer), payer);
    wrong.signatures[0]!.signature![5]! ^= 1;
    expect(() => serializeChecked(wrong)).toThrow(/Invalid signature for public key/);
  });

  it('verifies what ed25519 signed and nothing else', () => {
    const signer = Keypair.generate();
    const message = Buffer.from('Sign in to the marketplace');
    const signature = ed25519.sign(message, signer.secretKey.subarray(0, 32));
    const key = signer.publicKey.toBytes();
    expect(verifyBytes(message, signature, key)).toBe(true);
    expect(verifyBytes(Buffer.from('Sign in to the marketplacf'), signature, key)).toBe(false);
    expect(verifyBytes(message, signature, Keypair.generate().publicKey.toBytes())).toBe(false);
    expect(verifyBytes(message, signature.subarray(1), key)).toBe(false);
    expect(verifyBytes(message, signature, key.subarray(1))).toBe(false);
    // Not a point on the curve: refused, not thrown.
    expect(verifyBytes(message, signature, new Uint8Array(32).fill(255))).toBe(false);
    const address = signer.publicKey.toBase58();
    expect(walletSignatures.verify(message, bs58.encode(signature), address)).toBe(true);
    expect(walletSignatures.verify(message, 'not-base58!', address)).toBe(false);
  });
});
