import { DomainError, validation } from '../domain/errors';
import type { User } from '../domain/entities';
import type { Caller, Deps } from './context';

export const NONCE_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const STATEMENT = 'Sign in to the escrow marketplace. This request costs nothing.';

const randomToken = (bytes: number) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url');

/** Sessions are stored by hash, so a database leak does not hand out live cookies. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Buffer.from(digest).toString('hex');
}

/** A Sign-In-With-Solana message (same fields and order as EIP-4361). */
export function siwsMessage(f: {
  domain: string;
  address: string;
  uri: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return [
    `${f.domain} wants you to sign in with your Solana account:`,
    f.address,
    '',
    STATEMENT,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expiresAt.toISOString()}`,
  ].join('\n');
}

export function makeAuth(deps: Deps) {
  const isAdmin = (wallet: string) => deps.adminWallets.has(wallet);
  const checkAddress = (walletAddress: unknown): string => {
    if (typeof walletAddress !== 'string' || !deps.signatures.isAddress(walletAddress)) {
      throw validation('walletAddress must be a base58 Solana address');
    }
    return walletAddress;
  };

  return {
    isAdmin,

    /** Issues a single-use nonce and the exact message the wallet must sign. */
    async challenge(input: { walletAddress: unknown; domain: string; uri: string }) {
      const address = checkAddress(input.walletAddress);
      const nonce = randomToken(16);
      const issuedAt = deps.clock.now();
      const expiresAt = new Date(issuedAt.getTime() + NONCE_TTL_MS);
      const message = siwsMessage({
        ...input,
        address,
        chainId: `solana:${deps.cluster}`,
        nonce,
        issuedAt,
        expiresAt,
      });
      await deps.store.nonces.create({ nonce, walletAddress: address, message, expiresAt });
      return { message, nonce, expiresAt: expiresAt.toISOString() };
    },

    /** Checks the signed message and opens a session; the user is created on first sign-in. */
    async verify(input: { walletAddress: unknown; message: unknown; signature: unknown }) {
      const address = checkAddress(input.walletAddress);
      if (typeof input.message !== 'string' || typeof input.signature !== 'string') {
        throw validation('message and signature are required');
      }
      const nonce = /^Nonce: (\S+)$/m.exec(input.message)?.[1];
      const issued = nonce ? await deps.store.nonces.consume(nonce) : null;
      const refuse = (why: string) => new DomainError('unauthenticated', why);
      if (!issued) throw refuse('This sign-in request is unknown or was already used; try again');
      if (issued.message !== input.message || issued.walletAddress !== address) {
        throw refuse('The signed message is not the one this server issued for this wallet');
      }
      if (issued.expiresAt.getTime() <= deps.clock.now().getTime()) {
        throw refuse('This sign-in request has expired; try again');
      }
      const bytes = new TextEncoder().encode(input.message);
      if (!deps.signatures.verify(bytes, input.signature, address)) {
        throw refuse('The signature does not match this wallet');
      }
      const user = await deps.store.users.findOrCreate(address);
      const token = randomToken(32);
      const expiresAt = new Date(deps.clock.now().getTime() + SESSION_TTL_MS);
      await deps.store.sessions.create({
        tokenHash: await hashToken(token),
        userId: user.id,
        walletAddress: address,
        expiresAt,
      });
      return { user, isAdmin: isAdmin(address), token, expiresAt };
    },

    async caller(token: string | undefined): Promise<Caller | null> {
      if (!token) return null;
      const session = await deps.store.sessions.find(await hashToken(token), deps.clock.now());
      if (!session) return null;
      return {
        userId: session.userId,
        walletAddress: session.walletAddress,
        isAdmin: isAdmin(session.walletAddress),
      };
    },

    async signOut(token: string | undefined) {
      if (token) await deps.store.sessions.revoke(await hashToken(token));
    },
  };
}

export type Auth = ReturnType<typeof makeAuth>;
export type SignedIn = { user: User; isAdmin: boolean; token: string; expiresAt: Date };
