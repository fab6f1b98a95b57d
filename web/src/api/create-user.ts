import type { User } from '../../../src/domain/entities';
import { ApiError, request } from './client';

/** Creates the wallet's user (needs that wallet's session); failure: Failed to create user. */
export async function createUser(input: {
  walletAddress: string;
  username: string;
}): Promise<User> {
  try {
    return await request<User>('/api/users', { method: 'POST', json: input });
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to create user');
  }
}
