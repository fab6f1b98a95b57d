import { getAwaitingShipment, getDisputedOrders, getEscrowOrders } from '@web/api/admin-escrow';
import { getPayoutsDue } from '@web/api/get-payouts-due';
import { getRefundDuePayments } from '@web/api/admin-payments';
import { atom } from '@web/state/jotai';
import { remoteAtom } from '@web/state/remote-atom';
import { ordersVersionAtom } from '@web/state/refresh';
import { adminCheckAtom, userIdAtom } from '@web/features/user';
import { walletAddressAtom } from '@web/features/wallet';

export type AdminAccess = 'loading' | 'admin' | 'denied';

/**
 * Unlike the nav's isAdmin (false while loading), this tells loading apart from a refusal, so
 * an admin never sees Access Denied flash while the check is on its way.
 */
export const adminAccessAtom = atom((get): AdminAccess => {
  if (!get(walletAddressAtom)) return 'denied';
  const check = get(adminCheckAtom);
  if (!check) return 'loading';
  return check.isAdmin ? 'admin' : 'denied';
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
