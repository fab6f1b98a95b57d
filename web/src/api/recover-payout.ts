import { recoverPayout as recover } from '@src/contracts/payouts';
import { call } from './client';

/** What became of a reserved payout: recorded, abandoned (never landed) or still in flight. */
export const recoverPayout = (orderId: number, walletAddress: string) =>
  call(recover, { params: { id: orderId }, query: { walletAddress } });
