import { claimEscrowOutcome as claimCall, escrowOutcome as offerCall } from '@src/contracts/orders';
import { call } from './client';

/** Multisig mode: the arbiter-signed close of a payout due to the caller. */
export const getEscrowOutcome = (orderId: number) => call(offerCall, { params: { id: orderId } });

/** Multisig mode: records the close the caller sent (checked on chain). */
export const claimEscrowOutcome = (orderId: number, signature: string) =>
  call(claimCall, { params: { id: orderId }, body: { signature } });
