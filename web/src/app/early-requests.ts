import { getAdminProductsFirstPage } from '@web/api/admin-products';
import { earlyKeys, startEarly, wasAdmin } from '@web/api/early';
import { getAdminCheck } from '@web/api/get-admin-check';
import { getSession } from '@web/api/get-session';
import { getUserByWallet } from '@web/api/get-user-by-wallet';
import { savedWallet } from '@web/features/wallet';
import { loadAdminDashboard } from './routes';

const NOT_ADMIN = 'the session is not an admin of the remembered wallet';

/**
 * Before React renders: what a reload will ask for anyway, asked all at once instead of one
 * answer after another (the code, then the wallet, then the session, then the user, then the
 * list). With a remembered wallet: the session, its user and its admin check; on
 * /admin-dashboard also the page's code and Product Management's first page: at once when the
 * wallet's last admin check said yes, else as soon as the session says it is an admin's of that
 * wallet (so a non-admin sends no request to be refused). The server still decides; an answer
 * the page does not get to use (another wallet connects, the session is gone) is dropped and
 * asked again.
 */
export function startEarlyRequests(path: string): void {
  const admin = path === '/admin-dashboard';
  if (admin) void loadAdminDashboard().catch(() => undefined);
  const saved = savedWallet();
  if (!saved) return;
  const wallet = saved.address;
  const session = getSession();
  startEarly(earlyKeys.session, () => session);
  startEarly(earlyKeys.user(wallet), () => getUserByWallet(wallet));
  startEarly(earlyKeys.adminCheck(wallet), () => getAdminCheck(wallet));
  if (!admin) return;
  startEarly(earlyKeys.adminProducts(wallet), async () => {
    // The wallet was an admin's on the last check: ask at once (the session is very likely
    // there); otherwise only once the session says so.
    if (wasAdmin(wallet)) return getAdminProductsFirstPage(wallet);
    const signedIn = await session;
    if (signedIn?.walletAddress !== wallet || !signedIn.isAdmin) throw new Error(NOT_ADMIN);
    return getAdminProductsFirstPage(wallet);
  });
}
