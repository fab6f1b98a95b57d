import { getAdminCheck } from '@web/api/get-admin-check';
import { getAwaitingShipment, getDisputedOrders, getEscrowOrders } from '@web/api/admin-escrow';
import { getPayoutsDue } from '@web/api/get-payouts-due';
import { getRefundDuePayments } from '@web/api/admin-payments';
import { atom, unwrap } from '@web/state/jotai';
import { remoteAtom } from '@web/state/remote-atom';
import { ordersVersionAtom } from '@web/state/refresh';
import { userIdAtom } from '@web/features/user';
import { walletAddressAtom } from '@web/features/wallet';

export type AdminAccess = 'loading' | 'admin' | 'denied';

const accessRequest = atom(async (get) => {
  const address = get(walletAddressAtom);
  if (!address) return { address, access: 'denied' as const };
  try {
    const { isAdmin } = await getAdminCheck(address);
    return { address, access: isAdmin === true ? ('admin' as const) : ('denied' as const) };
  } catch {
    return { address, access: 'denied' as const };
  }
});
const settledAccess = unwrap(accessRequest, () => null);

/**
 * Unlike the nav's isAdmin (false while loading), this tells loading apart from a refusal, so
 * an admin never sees Access Denied flash while the check is on its way.
 */
export const adminAccessAtom = atom((get): AdminAccess => {
  const settled = get(settledAccess);
  if (!settled || settled.address !== get(walletAddressAtom)) return 'loading';
  return settled.access;
});

/** The admin wallet for admin calls, once the check passed and the wallet signed in. */
const adminWalletAtom = atom((get) =>
  get(adminAccessAtom) === 'admin' && get(userIdAtom) !== null ? get(walletAddressAtom) : null,
);

export const escrowOrdersAtom = remoteAtom(adminWalletAtom, ordersVersionAtom, getEscrowOrders);
export const awaitingShipmentAtom = remoteAtom(
  adminWalletAtom,
  ordersVersionAtom,
  getAwaitingShipment,
);
export const refundDueAtom = remoteAtom(adminWalletAtom, ordersVersionAtom, getRefundDuePayments);
export const disputedOrdersAtom = remoteAtom(adminWalletAtom, ordersVersionAtom, getDisputedOrders);
export const payoutsDueAtom = remoteAtom(adminWalletAtom, ordersVersionAtom, getPayoutsDue);
