import type { BodyIn } from '@src/contracts/endpoint';
import { createUser as create } from '@src/contracts/users';
import { ApiError, call } from './client';

/** Creates the wallet's user (needs that wallet's session); failure: Failed to create user. */
export async function createUser(body: BodyIn<typeof create>) {
  try {
    return await call(create, { body });
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, 'Failed to create user');
  }
}
