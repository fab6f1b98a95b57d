import type { User } from '../../../src/domain/entities';
import { request } from './client';

export interface Verified {
  user: User;
  isAdmin: boolean;
}

/** `signature` is the base58 ed25519 signature of the message's UTF-8 bytes. */
export const postAuthVerify = (input: {
  walletAddress: string;
  message: string;
  signature: string;
}) => request<Verified>('/api/auth/verify', { method: 'POST', json: input });
