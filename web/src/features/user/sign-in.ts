import bs58 from 'bs58';
import type { Adapter } from '@solana/wallet-adapter-base';
import { postAuthChallenge } from '@web/api/auth-challenge';
import { postAuthVerify, type Verified } from '@web/api/auth-verify';

export const SIGN_MESSAGE_UNSUPPORTED = 'This wallet cannot sign messages, so it cannot sign in.';

/** A person declining the signature (or a wallet that cannot sign) as opposed to a server fault. */
export class SignInDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInDeclinedError';
  }
}

/** challenge -> the wallet signs the message's UTF-8 bytes -> verify (sets the session cookie). */
export async function signInWithWallet(adapter: Adapter, walletAddress: string): Promise<Verified> {
  if (!('signMessage' in adapter) || typeof adapter.signMessage !== 'function') {
    throw new SignInDeclinedError(SIGN_MESSAGE_UNSUPPORTED);
  }
  const challenge = await postAuthChallenge(walletAddress);
  let signature: Uint8Array;
  try {
    signature = await adapter.signMessage(new TextEncoder().encode(challenge.message));
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : 'Signature declined';
    throw new SignInDeclinedError(reason);
  }
  return postAuthVerify({
    walletAddress,
    message: challenge.message,
    signature: bs58.encode(signature),
  });
}
