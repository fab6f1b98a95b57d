import { session } from '@src/contracts/auth';
import type { AnswerOf } from '@src/contracts/endpoint';
import { call, isUnauthorized } from './client';

export type Session = AnswerOf<typeof session>;

/** The cookie's session, or null when there is none (401). */
export async function getSession(): Promise<Session | null> {
  try {
    return await call(session, {});
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
