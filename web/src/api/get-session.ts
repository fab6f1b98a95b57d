import { isUnauthorized, request } from './client';

export interface Session {
  walletAddress: string;
  userId: number;
  isAdmin: boolean;
}

/** The cookie's session, or null when there is none (401). */
export async function getSession(): Promise<Session | null> {
  try {
    return await request<Session>('/api/auth/session');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
