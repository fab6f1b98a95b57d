import { ed25519 } from '@noble/curves/ed25519';
import type { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { User } from '@src/domain/entities';
import { challenge as challengeCall, verify } from '@src/contracts/auth';
import type { ApiClient } from './api-client';
import { CliError } from './errors';

export interface SignedIn {
  user: User;
  isAdmin: boolean;
}

/** Wallet sign-in: ask for a challenge, sign its UTF-8 bytes with ed25519, verify; keeps the cookie. */
export async function signIn(api: ApiClient, keypair: Keypair): Promise<SignedIn> {
  const walletAddress = keypair.publicKey.toBase58();
  const challenge = await api.send(challengeCall, { body: { walletAddress } });
  const signature = ed25519.sign(
    new TextEncoder().encode(challenge.message),
    keypair.secretKey.slice(0, 32),
  );
  return api.send(verify, {
    body: { walletAddress, message: challenge.message, signature: bs58.encode(signature) },
  });
}

/** Signs in and insists the wallet is an admin on this server. */
export async function signInAdmin(api: ApiClient, keypair: Keypair): Promise<SignedIn> {
  const session = await signIn(api, keypair);
  if (!session.isAdmin) {
    throw new CliError(
      `The wallet ${keypair.publicKey.toBase58()} is not an admin on ${api.baseUrl}; use the admin (escrow) keypair`,
    );
  }
  return session;
}
