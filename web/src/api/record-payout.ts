import { recordPayout as record } from '@src/contracts/payouts';
import { call } from './client';

/** Records the reserved payout once sent (the server checks it on chain, part by part). */
export const recordPayout = (orderId: number, signature: string, walletAddress: string) =>
  call(record, { params: { id: orderId }, query: { walletAddress }, body: { signature } });
