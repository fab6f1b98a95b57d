import { z } from 'zod';
import { endpoint } from './endpoint';
import { jsonObject, none, walletAddress } from './fields';
import { userWire } from './wire';

export const challenge = endpoint({
  method: 'POST',
  path: '/api/auth/challenge',
  params: none,
  query: none,
  body: jsonObject({ walletAddress: walletAddress() }),
  answer: z.object({ message: z.string(), nonce: z.string(), expiresAt: z.string() }),
  spec: false,
  summary: 'a single-use Sign-In-With-Solana message for the wallet to sign',
});

export const verify = endpoint({
  method: 'POST',
  path: '/api/auth/verify',
  params: none,
  query: none,
  body: jsonObject({
    walletAddress: walletAddress(),
    message: z.string({ error: 'message and signature are required' }),
    signature: z.string({ error: 'message and signature are required' }),
  }),
  answer: z.object({ user: userWire, isAdmin: z.boolean() }),
  spec: false,
  summary: 'checks the signed message and opens a session (an httpOnly cookie)',
});

export const session = endpoint({
  method: 'GET',
  path: '/api/auth/session',
  params: none,
  query: none,
  body: null,
  answer: z.object({ userId: z.number().int(), walletAddress: z.string(), isAdmin: z.boolean() }),
  spec: false,
  summary: 'who the session cookie signs in (401 for a visitor)',
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  params: none,
  query: none,
  body: null,
  answer: z.undefined(),
  status: 204,
  spec: false,
  summary: 'ends the session',
});
