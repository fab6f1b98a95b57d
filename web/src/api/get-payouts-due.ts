import { payoutsDue } from '@src/contracts/payouts';
import { call } from './client';

/** Payouts due now (release or refund, why, since when), oldest first. */
export const getPayoutsDue = (walletAddress: string) =>
  call(payoutsDue, { query: { walletAddress } });
