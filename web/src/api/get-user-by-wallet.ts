import type { User } from '../../../src/domain/entities';
import { ApiError, isNotFound, request } from './client';

/** The user of a wallet, or null when there is none (404); other failures: Failed to fetch user. */
export async function getUserByWallet(walletAddress: string): Promise<User | null> {
  try {
    return await request<User>(`/api/users/wallet/${encodeURIComponent(walletAddress)}`);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch user');
  }
}
