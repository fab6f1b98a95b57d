import { request } from './client';

export interface Challenge {
  message: string;
  nonce: string;
  expiresAt: string;
}

export const postAuthChallenge = (walletAddress: string) =>
  request<Challenge>('/api/auth/challenge', { method: 'POST', json: { walletAddress } });
