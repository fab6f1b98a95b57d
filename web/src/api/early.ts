/**
 * Requests started before React renders (web/src/app/early-requests.ts starts them from what the
 * browser remembers), each handed once to the code that would otherwise ask for it later: on a
 * reload the page does not wait for one answer before asking the next (session, then user, then
 * list).
 */

/** An answer older than this is not used: the caller asks again. */
export const EARLY_TTL_MS = 5_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts `request` now; `takeEarly(key)` receives its answer. */
export function startEarly(key: string, request: () => Promise<unknown>): void {
  const answer = request();
  // Nobody may come for it (the wallet does not reconnect): a failure is not unhandled.
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/**
 * The answer of the request started early under `key` (once, and while fresh), else
 * `request()`. A failed early answer asks again (it may have been sent before the session
 * existed), unless `askAgain` is false (a check the spec says is not retried).
 */
export function takeEarly<T>(
  key: string,
  request: () => Promise<T>,
  { askAgain = true }: { askAgain?: boolean } = {},
): Promise<T> {
  const found = started.get(key);
  started.delete(key);
  if (!found || Date.now() - found.at > EARLY_TTL_MS) return request();
  const answer = found.answer as Promise<T>;
  return askAgain ? answer.catch(() => request()) : answer;
}

/** Forgets every early request (tests start each from a fresh page). */
export function forgetEarly(): void {
  started.clear();
}

/** Browser storage: the wallet whose last admin check said yes (a hint; the server decides). */
const ADMIN_HINT = 'escrow-admin-wallet';

/** Notes the admin check's answer for a wallet, so a reload can ask for admin data at once. */
export function noteAdminCheck(wallet: string, isAdmin: boolean): void {
  try {
    if (isAdmin) localStorage.setItem(ADMIN_HINT, wallet);
    else if (localStorage.getItem(ADMIN_HINT) === wallet) localStorage.removeItem(ADMIN_HINT);
  } catch {
    // storage can be unavailable (private mode): a reload then waits for the session
  }
}

/** Whether the last admin check of this wallet said it is an admin's. */
export function wasAdmin(wallet: string): boolean {
  try {
    return localStorage.getItem(ADMIN_HINT) === wallet;
  } catch {
    return false;
  }
}

/** The keys: one per request, naming what it asks for. */
export const earlyKeys = {
  session: 'session',
  user: (wallet: string) => `user:${wallet}`,
  adminCheck: (wallet: string) => `admin-check:${wallet}`,
  adminProducts: (wallet: string) => `admin-products:${wallet}`,
};
