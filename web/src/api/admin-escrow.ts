import { adminOrders, refundOrder as refund, releaseFunds as release } from '@src/contracts/orders';
import { call } from './client';

/** Orders awaiting review (tracking uploaded), with product summary and buyer contact. */
export const getEscrowOrders = (walletAddress: string) =>
  call(adminOrders, { query: { walletAddress } });

/** Paid orders the seller has not shipped yet: the admin may refund them. */
export const getAwaitingShipment = (walletAddress: string) =>
  call(adminOrders, { query: { walletAddress, status: 'escrow_held' } });

/** Records a verified escrow -> seller transfer: tracking_uploaded -> completed. */
export const releaseFunds = (orderId: number, signature: string, walletAddress: string) =>
  call(release, {
    params: { id: orderId },
    query: { walletAddress },
    body: { releaseTransactionHash: signature },
  });

/** Records a verified escrow -> buyer transfer: the order is cancelled. */
export const refundOrder = (orderId: number, signature: string, walletAddress: string) =>
  call(refund, {
    params: { id: orderId },
    query: { walletAddress },
    body: { refundTransactionHash: signature },
  });

/** Disputed orders: nothing is paid until an admin resolves them. */
export const getDisputedOrders = (walletAddress: string) =>
  call(adminOrders, { query: { walletAddress, status: 'disputed' } });
