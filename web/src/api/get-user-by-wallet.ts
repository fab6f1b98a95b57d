import type { User } from '@src/domain/entities';
import { getUserByWallet as byWallet } from '@src/contracts/users';
import { ApiError, call, isNotFound } from './client';

/** The user of a wallet, or null when there is none (404); other failures: Failed to fetch user. */
export async function getUserByWallet(walletAddress: string): Promise<User | null> {
  try {
    return await call(byWallet, { params: { walletAddress } });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to fetch user');
  }
}
