import { reservePayout as reserve } from '@src/contracts/payouts';
import type { Resolution } from '@src/domain/dispute';
import { call } from './client';

/** Before sending a payout: its parts and the reference the transfer must carry. */
export const reservePayout = (
  orderId: number,
  input: { action: Resolution; sellerPart?: string; lastValidBlockHeight: number },
  walletAddress: string,
) =>
  call(reserve, {
    params: { id: orderId },
    query: { walletAddress },
    body: {
      action: input.action,
      sellerPart: input.sellerPart,
      lastValidBlockHeight: input.lastValidBlockHeight,
    },
  });
