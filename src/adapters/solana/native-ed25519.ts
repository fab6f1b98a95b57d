import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Keypair, PublicKey, Transaction } from '@solana/web3.js';

/*
 * ed25519 through node's own crypto (OpenSSL) for the keys this process holds, instead of
 * web3.js's curve in JavaScript: the same bytes (ed25519 signatures are deterministic), at a
 * fraction of the CPU (a signature, a verification and a key pair in JavaScript cost about a
 * millisecond each on these machines; natively tens of microseconds).
 */

// The DER prefixes of an Ed25519 private key (PKCS#8, the 32-byte seed follows) and public key
// (SPKI, the 32-byte key follows), RFC 8410.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const privateKeys = new WeakMap<Keypair, KeyObject>();

function privateKeyOf(keypair: Keypair): KeyObject {
  let key = privateKeys.get(keypair);
  if (!key) {
    const seed = keypair.secretKey.subarray(0, 32);
    key = createPrivateKey({
      key: Buffer.concat([PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    privateKeys.set(keypair, key);
  }
  return key;
}

/** The key of a 32-byte ed25519 public key, for verify(). Throws on any other length. */
export function publicKeyObject(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new Error('an ed25519 public key is 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The detached signature of `message` by `keypair`. */
export function signBytes(keypair: Keypair, message: Uint8Array): Buffer {
  return sign(null, message, privateKeyOf(keypair));
}

/** Whether `signature` is `publicKey`'s over `message` (false for malformed input). */
export function verifyBytes(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}

/**
 * Transaction.partialSign, natively: each signer's signature over the transaction's message,
 * leaving the others' as they are. Like Transaction.sign when the signers are all it needs.
 */
export function signTransaction(tx: Transaction, ...signers: Keypair[]): Transaction {
  const message = tx.serializeMessage();
  for (const signer of signers) tx.addSignature(signer.publicKey, signBytes(signer, message));
  return tx;
}

/**
 * Transaction.serialize(), its signature checks done natively: every signature present and
 * valid over the message, else the same refusal web3.js gives ('Signature verification failed').
 */
export function serializeChecked(tx: Transaction): Buffer {
  const message = tx.serializeMessage();
  for (const { publicKey, signature } of tx.signatures) {
    if (!signature || !verifyBytes(message, signature, (publicKey as PublicKey).toBytes())) {
      throw new Error(
        `Signature verification failed.\n${signature ? 'Invalid' : 'Missing'} signature for public key [\`${publicKey.toBase58()}\`].`,
      );
    }
  }
  return tx.serialize({ verifySignatures: false });
}
